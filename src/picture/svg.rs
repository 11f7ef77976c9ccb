//! The SVG renderer: one self-contained `<svg>` element per picture
//! (presentation attributes only: no style sheet, id, font, image or
//! script), so that many can be inlined in one page. It scales with its
//! `viewBox`.

use std::fmt::Write as _;

use super::{wrap, Arrow, ArrowKind, Cell, Mark, Picture};

impl Picture {
    /// The picture as one `<svg>` element.
    pub fn svg(&self) -> String {
        Svg::new(self).draw()
    }
}

/// Fills of the owners, by index, light enough for black text.
const SIDE_FILLS: [&str; 6] = [
    "#f6c6c0", "#c5d3e8", "#cfe9c9", "#f3e3a6", "#e0cdee", "#c9ecec",
];
const PALACE_FILL: &str = "#fbf3d5";
const CELL_H: f64 = 36.0;
const CHAR_W: f64 = 8.4;
const LINE_H: f64 = 16.0;
const PAD: f64 = 8.0;
/// The width of a character of 12-point text, as far as layout goes.
const TEXT_W: f64 = 7.2;

/// Notes wrap at this many characters in the SVG.
const SVG_NOTE_CHARS: usize = 100;

fn side_fill(owner: usize) -> &'static str {
    SIDE_FILLS[owner % SIDE_FILLS.len()]
}

/// Text for an SVG text node or attribute value.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            // XML 1.0 allows no other control character, even escaped.
            c if c.is_control() && c != '\n' && c != '\t' => out.push('\u{fffd}'),
            c => crate::show::push_markup(&mut out, c),
        }
    }
    out
}

/// A number with one decimal: SVG coordinates that do not depend on how
/// floats print.
fn n(x: f64) -> String {
    format!("{x:.1}")
}

/// The layout of one picture's SVG.
struct Svg<'a> {
    p: &'a Picture,
    cell_w: f64,
    cell_h: f64,
    /// The grid's top-left corner.
    x0: f64,
    y0: f64,
    out: String,
}

impl<'a> Svg<'a> {
    fn new(p: &'a Picture) -> Svg<'a> {
        let longest = p
            .cells
            .iter()
            .map(|c| c.label.chars().count())
            .chain(p.col_labels.iter().map(|l| l.chars().count()))
            .max()
            .unwrap_or(1) as f64;
        let cell_w = (longest * CHAR_W + 12.0).max(CELL_H);
        let tokens = p.cells.iter().any(|c| !c.tokens.is_empty());
        let cell_h = if tokens { CELL_H + 14.0 } else { CELL_H };
        let row_label = p
            .row_labels
            .iter()
            .map(|l| l.chars().count())
            .max()
            .map_or(0.0, |w| w as f64 * CHAR_W + PAD);
        let col_label = if p.col_labels.is_empty() {
            0.0
        } else {
            LINE_H + 4.0
        };
        Svg {
            p,
            cell_w,
            cell_h,
            x0: PAD + row_label,
            y0: PAD + LINE_H + 6.0 + col_label,
            out: String::new(),
        }
    }

    fn cell_xy(&self, (r, c): (usize, usize)) -> (f64, f64) {
        (
            self.x0 + c as f64 * self.cell_w,
            self.y0 + r as f64 * self.cell_h,
        )
    }

    fn center(&self, at: (usize, usize)) -> (f64, f64) {
        let (x, y) = self.cell_xy(at);
        (x + self.cell_w / 2.0, y + self.cell_h / 2.0)
    }

    fn text(&mut self, x: f64, y: f64, size: u32, anchor: &str, extra: &str, s: &str) {
        let _ = writeln!(
            self.out,
            r#"<text x="{}" y="{}" font-family="monospace" font-size="{size}" text-anchor="{anchor}"{extra}>{}</text>"#,
            n(x),
            n(y),
            escape(s)
        );
    }

    /// The lines below the grid: the key's marks and the notes, wrapped.
    fn lines_below(&self) -> (Vec<Mark>, Vec<String>) {
        let notes = self
            .p
            .notes
            .iter()
            .flat_map(|note| wrap(note, SVG_NOTE_CHARS, "  "))
            .collect();
        (self.p.marks_used(), notes)
    }

    fn draw(mut self) -> String {
        let p = self.p;
        let grid_w = p.cols as f64 * self.cell_w;
        let grid_h = p.rows as f64 * self.cell_h;
        let (marks, notes) = self.lines_below();
        let key_h = if marks.is_empty() && p.sides.is_empty() {
            0.0
        } else {
            CELL_H * 0.6 + 6.0
        };
        let key_w = marks
            .iter()
            .map(|m| m.about())
            .chain(p.sides.iter().map(String::as_str))
            .map(key_entry_width)
            .sum::<f64>();
        let text_w = notes
            .iter()
            .chain(std::iter::once(&p.caption))
            .map(|l| l.chars().count() as f64 * TEXT_W)
            .fold(0.0, f64::max);
        let width = (self.x0 + grid_w).max(key_w).max(text_w) + 2.0 * PAD;
        let below = self.y0 + grid_h + PAD;
        let height = below + key_h + notes.len() as f64 * LINE_H + PAD;
        self.head(width, height);
        self.labels();
        for r in 0..p.rows {
            for c in 0..p.cols {
                let (x, y) = self.cell_xy((r, c));
                let (w, h) = (self.cell_w, self.cell_h);
                self.cell(p.cell(r, c), x, y, w, h);
            }
        }
        for a in &p.arrows {
            self.arrow(a);
        }
        self.key(below, &marks);
        let mut y = below + key_h + LINE_H - 4.0;
        for line in &notes {
            // SVG drops leading spaces: a wrapped line's indent is a shift.
            let words = line.trim_start();
            let indent = (line.len() - words.len()) as f64 * TEXT_W;
            self.text(PAD + indent, y, 12, "start", "", words);
            y += LINE_H;
        }
        self.out += "</svg>\n";
        self.out
    }

    /// The root element, its title, background and caption.
    fn head(&mut self, width: f64, height: f64) {
        let caption = escape(&self.p.caption);
        let _ = writeln!(
            self.out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" aria-label="{caption}">"#,
            w = n(width),
            h = n(height)
        );
        let _ = writeln!(self.out, "<title>{caption}</title>");
        let _ = writeln!(
            self.out,
            r##"<rect x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
            n(width),
            n(height)
        );
        let p = self.p;
        self.text(
            PAD,
            PAD + 12.0,
            13,
            "start",
            r#" font-weight="bold""#,
            &p.caption,
        );
    }

    fn labels(&mut self) {
        let p = self.p;
        let label_y = self.y0 - 6.0;
        for (c, l) in p.col_labels.iter().enumerate() {
            let x = self.x0 + (c as f64 + 0.5) * self.cell_w;
            self.text(x, label_y, 11, "middle", r##" fill="#555555""##, l);
        }
        for (r, l) in p.row_labels.iter().enumerate() {
            let y = self.y0 + (r as f64 + 0.5) * self.cell_h + 4.0;
            self.text(self.x0 - 6.0, y, 11, "end", r##" fill="#555555""##, l);
        }
    }

    /// One row under the grid: a swatch per side, then a sample of each
    /// mark used, each with its name.
    fn key(&mut self, y: f64, marks: &[Mark]) {
        let p = self.p;
        let mut x = PAD;
        let swatch = CELL_H * 0.6;
        for (i, side) in p.sides.iter().enumerate() {
            let _ = writeln!(
                self.out,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="#999999"/>"##,
                n(x),
                n(y),
                n(swatch),
                n(swatch),
                side_fill(i)
            );
            self.text(x + swatch + 4.0, y + swatch - 6.0, 12, "start", "", side);
            x += key_entry_width(side);
        }
        for &m in marks {
            let sample = Cell {
                marks: vec![m],
                ..Cell::default()
            };
            self.cell(&sample, x, y, swatch, swatch);
            self.text(
                x + swatch + 4.0,
                y + swatch - 6.0,
                12,
                "start",
                "",
                m.about(),
            );
            x += key_entry_width(m.about());
        }
    }

    fn cell(&mut self, cell: &Cell, x: f64, y: f64, w: f64, h: f64) {
        let fill = match cell.owner {
            Some(o) => side_fill(o),
            None if cell.marks.contains(&Mark::Palace) => PALACE_FILL,
            None => "#ffffff",
        };
        let _ = writeln!(
            self.out,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="#9e9e9e" stroke-width="1"/>"##,
            n(x),
            n(y),
            n(w),
            n(h)
        );
        let (cx, cy) = (x + w / 2.0, y + CELL_H.min(h) / 2.0);
        for &m in &cell.marks {
            self.mark(m, x, y, w, h, cx, cy);
        }
        if !cell.label.is_empty() {
            self.text(cx, cy + 5.0, 14, "middle", "", &cell.label);
        }
        let step = 16.0;
        let start = cx - (cell.tokens.len() as f64 - 1.0) * step / 2.0;
        for (i, t) in cell.tokens.iter().enumerate() {
            let tx = start + i as f64 * step;
            let ty = y + h - 9.0;
            let _ = writeln!(
                self.out,
                r##"<circle cx="{}" cy="{}" r="7" fill="{}" stroke="#333333" stroke-width="1"/>"##,
                n(tx),
                n(ty),
                side_fill(t.owner)
            );
            self.text(tx, ty + 3.5, 10, "middle", "", &t.label);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn mark(&mut self, m: Mark, x: f64, y: f64, w: f64, h: f64, cx: f64, cy: f64) {
        let r = (w.min(CELL_H.min(h)) / 2.0 - 3.0).max(2.0);
        let ring = |out: &mut String, colour: &str, dash: &str| {
            let _ = writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{colour}" stroke-width="2.5"{dash}/>"#,
                n(cx),
                n(cy),
                n(r)
            );
        };
        let corner = |svg: &mut Svg, colour: &str, s: &str| {
            let _ = writeln!(
                svg.out,
                r#"<rect x="{}" y="{}" width="11" height="11" fill="{colour}"/>"#,
                n(x + w - 12.0),
                n(y + 1.0)
            );
            svg.text(
                x + w - 6.5,
                y + 10.0,
                11,
                "middle",
                r##" fill="#ffffff""##,
                s,
            );
        };
        match m {
            Mark::Castle => {
                let _ = writeln!(
                    self.out,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#222222" stroke-width="3"/>"##,
                    n(x + 2.5),
                    n(y + 2.5),
                    n(w - 5.0),
                    n(h - 5.0)
                );
            }
            Mark::Safe => ring(&mut self.out, "#2e7d32", ""),
            Mark::Attacked => ring(&mut self.out, "#d32f2f", r#" stroke-dasharray="4 2""#),
            Mark::Palace => {}
            Mark::LoseTurn => corner(self, "#e65100", "-"),
            Mark::ExtraThrow => corner(self, "#2e7d32", "+"),
            Mark::LadderFoot => corner(self, "#1b5e20", "^"),
            Mark::ChuteTop => corner(self, "#b71c1c", "v"),
            Mark::Moved => {
                let _ = writeln!(
                    self.out,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#1565c0" stroke-width="2" stroke-dasharray="5 3"/>"##,
                    n(x + 1.5),
                    n(y + 1.5),
                    n(w - 3.0),
                    n(h - 3.0)
                );
            }
        }
    }

    /// A line between cell centres with a filled head, drawn by hand: an
    /// SVG marker would need an id, and ids clash between inlined images.
    fn arrow(&mut self, a: &Arrow) {
        let (colour, dash, width) = match a.kind {
            ArrowKind::Ladder => ("#2e7d32", "", 2.5),
            ArrowKind::Chute => ("#c62828", "", 2.5),
            ArrowKind::Attack => ("#d32f2f", r#" stroke-dasharray="6 3""#, 1.5),
            ArrowKind::Move => ("#1565c0", "", 2.5),
        };
        let (x1, y1) = self.center(a.from);
        let (x2, y2) = self.center(a.to);
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1.0 {
            return;
        }
        let (ux, uy) = (dx / len, dy / len);
        // Stop short of the target's centre, where its label is.
        let back = (self.cell_h / 2.0 - 4.0).min(len / 2.0);
        let (ex, ey) = (x2 - ux * back, y2 - uy * back);
        let head = 9.0;
        let (bx, by) = (ex - ux * head, ey - uy * head);
        let (px, py) = (-uy * head / 2.0, ux * head / 2.0);
        let _ = writeln!(
            self.out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{colour}" stroke-width="{width}" stroke-opacity="0.8"{dash}/>"#,
            n(x1),
            n(y1),
            n(bx),
            n(by)
        );
        let _ = writeln!(
            self.out,
            r#"<polygon points="{},{} {},{} {},{}" fill="{colour}" fill-opacity="0.9"/>"#,
            n(ex),
            n(ey),
            n(bx + px),
            n(by + py),
            n(bx - px),
            n(by - py)
        );
    }
}

/// The room one entry of the key takes: a swatch, its name and a gap.
fn key_entry_width(name: &str) -> f64 {
    24.0 + name.chars().count() as f64 * TEXT_W + 12.0
}

#[cfg(test)]
mod tests {
    use super::super::tests::sample;

    /// Tags open and close in order: the SVG is one well-formed element.
    fn assert_well_formed(svg: &str) {
        let mut open: Vec<String> = Vec::new();
        let mut rest = svg;
        while let Some(at) = rest.find('<') {
            let end = rest[at..].find('>').expect("tag closes") + at;
            let tag = &rest[at + 1..end];
            assert!(!tag.contains('<'), "'<' inside a tag: {tag}");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop().as_deref(), Some(name), "closing {name}");
            } else if !tag.ends_with('/') {
                open.push(tag.split_whitespace().next().unwrap().to_string());
            }
            rest = &rest[end + 1..];
            if open.is_empty() {
                assert!(rest.trim().is_empty(), "text after the root: {rest}");
            }
        }
        assert!(open.is_empty(), "unclosed: {open:?}");
    }

    #[test]
    fn svg_is_one_self_contained_deterministic_element() {
        let p = sample();
        let svg = p.svg();
        assert_well_formed(&svg);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(svg, sample().svg());
        for outside in [
            "href", "<style", "<script", "url(", " id=", "@import", "<image",
        ] {
            assert!(!svg.contains(outside), "{outside} in {svg}");
        }
        assert!(svg.contains("a &lt;b&gt; &amp; &#39;c&#39;"));
        assert!(!svg.contains("<b>"));
        // Every cell, the arrow's line and head, both tokens.
        assert!(svg.matches("<rect").count() >= 6);
        assert_eq!(svg.matches("<line").count(), 1);
        assert_eq!(svg.matches("<polygon").count(), 1);
        assert!(svg.contains(">G</text>") && svg.contains(">R</text>"));
        assert_eq!(svg.matches("r=\"7\"").count(), 2);
    }

    #[test]
    fn a_wrapped_notes_later_lines_stand_indented() {
        let mut p = sample();
        let long = "word ".repeat(2 * super::SVG_NOTE_CHARS / 5);
        p.notes.push(long.trim_end().to_string());
        let svg = p.svg();
        assert_well_formed(&svg);
        let xs: Vec<f64> = svg
            .lines()
            .filter(|l| l.starts_with("<text") && l.contains(">word word"))
            .map(|l| {
                let x = l.split("x=\"").nth(1).unwrap();
                x[..x.find('"').unwrap()].parse().unwrap()
            })
            .collect();
        assert!(xs.len() >= 2, "{svg}");
        assert!(xs[1..].iter().all(|&x| x > xs[0]), "{xs:?}");
    }

    #[test]
    fn svg_text_never_carries_control_characters() {
        let mut p = sample();
        p.notes.push("bell \x07 and escape \x1b[31m".into());
        let svg = p.svg();
        assert_well_formed(&svg);
        assert!(!svg.chars().any(|c| c.is_control() && c != '\n'));
    }
}
