//! The terminal renderer: plain ASCII (but for what the game wrote), no
//! colour codes, laid out for [`TEXT_WIDTH`] columns.

use std::fmt::Write as _;

use super::{wrap, Cell, Mark, Picture, TEXT_WIDTH};

const EMPTY_FILLER: char = '.';
const PALACE_FILLER: char = ':';

impl Mark {
    /// How the key shows the mark in text.
    fn text_key(self) -> char {
        self.symbol().unwrap_or(PALACE_FILLER)
    }
}

impl Picture {
    /// The picture for a monospace terminal: the caption, the grid (cut
    /// into bands of columns when it is wider than [`TEXT_WIDTH`]), a key
    /// of the marks used, then the notes.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for line in wrap(&self.caption, TEXT_WIDTH, "") {
            out += &line;
            out.push('\n');
        }
        self.text_grid(&mut out);
        let key: Vec<String> = self
            .marks_used()
            .into_iter()
            .map(|m| format!("{} {}", m.text_key(), m.about()))
            .collect();
        if !key.is_empty() {
            for line in wrap(&format!("  key: {}", key.join(", ")), TEXT_WIDTH, "    ") {
                out += &line;
                out.push('\n');
            }
        }
        for note in &self.notes {
            for line in wrap(&format!("  {note}"), TEXT_WIDTH, "    ") {
                out += &line;
                out.push('\n');
            }
        }
        out
    }

    /// The grid, right-aligned in columns as wide as the widest cell, in
    /// bands of as many columns as fit the width.
    fn text_grid(&self, out: &mut String) {
        let cells: Vec<String> = self.cells.iter().map(Cell::text).collect();
        let width = cells
            .iter()
            .chain(&self.col_labels)
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(1)
            .max(1);
        let row_width = self.row_labels.iter().map(|s| s.chars().count()).max();
        // The row labels and a gap, then one column per cell and its gap.
        let lead = row_width.map_or(0, |w| w + 1);
        let per_band = ((TEXT_WIDTH.saturating_sub(lead)) / (width + 1)).max(1);
        for (b, start) in (0..self.cols).step_by(per_band).enumerate() {
            let end = (start + per_band).min(self.cols);
            if b > 0 {
                out.push('\n');
            }
            if !self.col_labels.is_empty() {
                let mut line = " ".repeat(lead);
                for c in start..end {
                    let _ = write!(line, " {:>width$}", self.col_labels[c]);
                }
                *out += line.trim_end();
                out.push('\n');
            }
            for r in 0..self.rows {
                let mut line = match row_width {
                    Some(w) => format!("{:>w$} ", self.row_labels[r]),
                    None => String::new(),
                };
                for c in start..end {
                    let _ = write!(line, " {:>width$}", cells[r * self.cols + c]);
                }
                *out += line.trim_end();
                out.push('\n');
            }
        }
    }
}

impl Cell {
    /// A cell as text: its label (a filler when empty), its mark symbols
    /// and `@` with its tokens.
    pub fn text(&self) -> String {
        let symbols: String = self.marks.iter().filter_map(|m| m.symbol()).collect();
        let mut s = self.label.clone();
        if s.is_empty() && symbols.is_empty() && self.tokens.is_empty() {
            s.push(if self.marks.contains(&Mark::Palace) {
                PALACE_FILLER
            } else {
                EMPTY_FILLER
            });
        }
        s += &symbols;
        if !self.tokens.is_empty() {
            s.push('@');
            let short = self.tokens.iter().all(|t| t.label.chars().count() == 1);
            let labels: Vec<&str> = self.tokens.iter().map(|t| t.label.as_str()).collect();
            s += &labels.join(if short { "" } else { "," });
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::sample;
    use super::*;

    #[test]
    fn cells_read_as_label_marks_and_tokens() {
        let p = sample();
        assert_eq!(p.grid_rows(), vec!["G : x", "Ro . @13"]);
    }

    #[test]
    fn text_aligns_columns_under_their_labels_and_keys_the_marks_used() {
        let t = sample().text();
        let expected = "\
case 1 of 1: a <b> & 'c'
      1   2   3
 1    G   :   x
10   Ro   . @13
  key: o safe move, x attacked move, : palace
  a note
";
        assert_eq!(t, expected);
        assert!(t.is_ascii() && !t.contains('\x1b'));
    }

    #[test]
    fn a_wide_grid_is_cut_into_bands_that_fit_the_terminal() {
        let mut p = Picture::new("wide", 2, 30);
        p.col_labels = (1..=30).map(|c| c.to_string()).collect();
        p.row_labels = vec!["1".into(), "2".into()];
        for c in 0..30 {
            p.cell_mut(0, c).label = format!("A{c}");
        }
        let t = p.text();
        assert!(t.lines().all(|l| l.chars().count() <= TEXT_WIDTH), "{t}");
        // Every cell is shown exactly once, in column order.
        let shown: Vec<&str> = t
            .lines()
            .filter(|l| l.starts_with("1 "))
            .flat_map(|l| l.split_whitespace().skip(1))
            .collect();
        let all: Vec<String> = (0..30).map(|c| format!("A{c}")).collect();
        assert_eq!(shown, all);
        assert!(t.lines().filter(|l| l.starts_with("1 ")).count() >= 2);
    }

    #[test]
    fn a_picture_without_a_grid_is_its_caption_and_notes() {
        let mut p = Picture::new("too large", 0, 0);
        p.notes.push("a summary".into());
        assert_eq!(p.text(), "too large\n  a summary\n");
    }
}
