//! Pictures of a position: a grid of cells, each with a short label, an
//! owner and marks, with arrows, a caption and notes. Games build pictures
//! (`Game::pictures`); the two renderers here draw every game's: `text` for
//! an 80-column monospace terminal, `svg` for a self-contained image an HTML
//! page can inline. Nothing here knows a game, so a new game draws its
//! boards by building a `Picture` and nothing else.
//!
//! Both renderers are deterministic (same picture, same bytes) and use no
//! colour codes, fonts, images or styles from outside the picture. Text
//! draws no arrows: a game says in its notes what its arrows show.
//!
//! * [`text`]: the terminal renderer.
//! * [`svg`]: the SVG renderer.

mod svg;
mod text;

/// One drawn position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// One line saying what is drawn, e.g. `case 1 of 2: engine YES, reference NO`.
    pub caption: String,
    pub rows: usize,
    pub cols: usize,
    /// Row-major, `rows * cols` cells.
    pub cells: Vec<Cell>,
    /// Shown left of each row; empty for none.
    pub row_labels: Vec<String>,
    /// Shown above each column; empty for none.
    pub col_labels: Vec<String>,
    pub arrows: Vec<Arrow>,
    /// The names of the owners, by `Cell::owner` index (the SVG's key; in
    /// text, owners are told apart by the labels the game chose).
    pub sides: Vec<String>,
    /// Lines of explanation under the grid, in the game's words.
    pub notes: Vec<String>,
}

/// One square or point of the grid.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cell {
    /// A few ASCII characters, e.g. a piece letter or a soldier count;
    /// empty for an empty cell.
    pub label: String,
    /// Index into `Picture::sides`.
    pub owner: Option<usize>,
    pub marks: Vec<Mark>,
    /// What stands on the cell besides its label, e.g. players' counters.
    pub tokens: Vec<Token>,
}

/// A counter standing on a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// One or two characters.
    pub label: String,
    /// Index into `Picture::sides`.
    pub owner: usize,
}

/// What a cell is or what happens there: one shared vocabulary, so that
/// both renderers know how to draw each and the key can explain it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    Castle,
    /// A move of the side to move that nothing attacks.
    Safe,
    /// A move of the side to move that is attacked.
    Attacked,
    /// Inside the palace: a background, not a symbol.
    Palace,
    LoseTurn,
    ExtraThrow,
    /// The foot of a ladder (an `Arrow` of kind `Ladder` starts here).
    LadderFoot,
    /// The top of a chute (an `Arrow` of kind `Chute` starts here).
    ChuteTop,
    /// Left or entered by the moves the picture is about.
    Moved,
}

impl Mark {
    const ALL: [Mark; 9] = [
        Mark::Castle,
        Mark::Safe,
        Mark::Attacked,
        Mark::Palace,
        Mark::LoseTurn,
        Mark::ExtraThrow,
        Mark::LadderFoot,
        Mark::ChuteTop,
        Mark::Moved,
    ];

    /// The character appended to a cell's label in text; `None` for a
    /// background mark, which shows in the filler of an empty cell.
    pub fn symbol(self) -> Option<char> {
        match self {
            Mark::Castle => Some('#'),
            Mark::Safe => Some('o'),
            Mark::Attacked => Some('x'),
            Mark::Palace => None,
            Mark::LoseTurn => Some('-'),
            Mark::ExtraThrow => Some('+'),
            Mark::LadderFoot => Some('^'),
            Mark::ChuteTop => Some('v'),
            Mark::Moved => Some('*'),
        }
    }

    /// The mark in the key.
    pub fn about(self) -> &'static str {
        match self {
            Mark::Castle => "castle",
            Mark::Safe => "safe move",
            Mark::Attacked => "attacked move",
            Mark::Palace => "palace",
            Mark::LoseTurn => "lose a turn",
            Mark::ExtraThrow => "extra throw",
            Mark::LadderFoot => "ladder foot",
            Mark::ChuteTop => "chute top",
            Mark::Moved => "moved from or to",
        }
    }
}

/// An arrow from one cell to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrow {
    /// (row, column), 0-based like the grid.
    pub from: (usize, usize),
    pub to: (usize, usize),
    pub kind: ArrowKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArrowKind {
    Ladder,
    Chute,
    /// A piece attacks the cell it points to.
    Attack,
    /// Soldiers or a piece moved along it.
    Move,
}

/// The terminal width the text is laid out for.
pub const TEXT_WIDTH: usize = 80;

/// How many cases or games of one file are drawn at most: the first that
/// diverge, or the first of all when nothing diverges.
pub const MAX_DRAWN: usize = 3;

impl Picture {
    /// A grid of empty cells with no labels.
    pub fn new(caption: impl Into<String>, rows: usize, cols: usize) -> Picture {
        Picture {
            caption: caption.into(),
            rows,
            cols,
            cells: vec![Cell::default(); rows * cols],
            row_labels: Vec::new(),
            col_labels: Vec::new(),
            arrows: Vec::new(),
            sides: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn cell(&self, row: usize, col: usize) -> &Cell {
        assert!(
            row < self.rows && col < self.cols,
            "({row}, {col}) is off the grid"
        );
        &self.cells[row * self.cols + col]
    }

    pub fn cell_mut(&mut self, row: usize, col: usize) -> &mut Cell {
        assert!(
            row < self.rows && col < self.cols,
            "({row}, {col}) is off the grid"
        );
        &mut self.cells[row * self.cols + col]
    }

    /// The marks used anywhere, in the key's order.
    fn marks_used(&self) -> Vec<Mark> {
        Mark::ALL
            .into_iter()
            .filter(|m| self.cells.iter().any(|c| c.marks.contains(m)))
            .collect()
    }

    /// The text of each row of the grid, cells as [`Cell::text`] writes
    /// them, separated by single spaces and not padded: what a test reads.
    pub fn grid_rows(&self) -> Vec<String> {
        (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| self.cell(r, c).text())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }
}

/// Splits `text` into lines of at most `width` characters at spaces (a
/// longer word stays whole), every line after the first indented.
pub fn wrap(text: &str, width: usize, indent: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    // Whether the line holds a word yet (an indent is not one).
    let mut started = false;
    for word in text.split(' ') {
        if started && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::replace(&mut line, indent.to_string()));
            started = false;
        }
        if started {
            line.push(' ');
        }
        line += word;
        started = true;
    }
    lines.push(line);
    lines
}

/// What the pictures of an input are drawn about (`I` and `O` are a game's
/// input and output). A game sees the answers only as outputs, so to show
/// where solvers part inside a case (a round of generals) it asks `parts`
/// about smaller inputs it builds itself.
pub struct Focus<'a, I, O> {
    /// Each solver's name and answer; `None` when it gave none (a fault,
    /// an output that does not parse, not applicable).
    pub answers: Vec<(String, Option<&'a O>)>,
    /// Whether the solvers disagree on another valid input; `None` when
    /// only one solver ran (`solve --trace`), so nothing can part.
    pub parts: Option<Parts<'a, I>>,
}

/// Whether the solvers disagree on an input.
pub type Parts<'a, I> = &'a dyn Fn(&I) -> bool;

impl<'a, I, O> Focus<'a, I, O> {
    /// One solver's run, as `solve --trace` draws it.
    pub fn single(name: impl Into<String>, output: Option<&'a O>) -> Self {
        Focus {
            answers: vec![(name.into(), output)],
            parts: None,
        }
    }

    /// The answers of one case, for outputs made of one answer per case:
    /// `None` where a solver gave no answer for it.
    pub fn case_answers<T>(&self, i: usize) -> Vec<(&str, Option<&T>)>
    where
        O: AsRef<[T]>,
    {
        self.answers
            .iter()
            .map(|(name, o)| (name.as_str(), o.and_then(|o| o.as_ref().get(i))))
            .collect()
    }

    /// Which cases to draw, for outputs made of one answer per case.
    pub fn pick_cases<T: PartialEq>(&self, cases: usize) -> Pick
    where
        O: AsRef<[T]>,
    {
        let differs = |i: usize| {
            let answers = self.case_answers::<T>(i);
            answers.len() > 1 && answers.iter().any(|a| a.1.is_none() || a.1 != answers[0].1)
        };
        let diverging: Vec<usize> = (0..cases).filter(|&i| differs(i)).collect();
        let (all, why) = if diverging.is_empty() {
            ((0..cases).collect(), "")
        } else {
            (diverging, " diverging")
        };
        Pick {
            shown: all.iter().copied().take(MAX_DRAWN).collect(),
            left: all.len().saturating_sub(MAX_DRAWN),
            what: why,
        }
    }
}

/// The cases of a file chosen to be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pick {
    /// 0-based, in file order.
    pub shown: Vec<usize>,
    /// How many more would qualify.
    pub left: usize,
    /// `" diverging"` when only diverging cases qualify, else empty.
    what: &'static str,
}

impl Pick {
    /// The note that says what was left out, if anything was.
    pub fn left_note(&self, unit: &str) -> Option<String> {
        (self.left > 0).then(|| {
            format!(
                "{} more{} {unit}{} not drawn",
                self.left,
                self.what,
                if self.left == 1 { "" } else { "s" }
            )
        })
    }
}

/// `name ANSWER, name ANSWER` for a caption, `-` for a missing answer.
pub fn answers_line<T>(answers: &[(&str, Option<&T>)], show: impl Fn(&T) -> String) -> String {
    answers
        .iter()
        .map(|(name, a)| format!("{name} {}", a.map_or_else(|| "-".to_string(), &show)))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A small picture using every part of the model.
    pub(in crate::picture) fn sample() -> Picture {
        let mut p = Picture::new("case 1 of 1: a <b> & 'c'", 2, 3);
        p.row_labels = vec!["1".into(), "10".into()];
        p.col_labels = vec!["1".into(), "2".into(), "3".into()];
        p.sides = vec!["red".into(), "black".into()];
        p.cell_mut(0, 0).label = "G".into();
        p.cell_mut(0, 0).owner = Some(0);
        p.cell_mut(0, 1).marks = vec![Mark::Palace];
        p.cell_mut(0, 2).marks = vec![Mark::Palace, Mark::Attacked];
        p.cell_mut(1, 0).label = "R".into();
        p.cell_mut(1, 0).marks = vec![Mark::Safe];
        p.cell_mut(1, 2).tokens = vec![
            Token {
                label: "1".into(),
                owner: 0,
            },
            Token {
                label: "3".into(),
                owner: 2,
            },
        ];
        p.arrows.push(Arrow {
            from: (1, 0),
            to: (0, 2),
            kind: ArrowKind::Attack,
        });
        p.notes.push("a note".into());
        p
    }

    #[test]
    fn long_notes_wrap_at_spaces() {
        let note = "word ".repeat(40);
        let lines = wrap(note.trim(), 30, "  ");
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.chars().count() <= 30));
        assert!(lines[1..].iter().all(|l| l.starts_with("  word")));
        let words: usize = lines.iter().map(|l| l.split_whitespace().count()).sum();
        assert_eq!(words, 40);
    }

    fn focus<'a>(answers: &'a [(&str, Option<Vec<bool>>)]) -> Focus<'a, (), Vec<bool>> {
        Focus {
            answers: answers
                .iter()
                .map(|(n, o)| (n.to_string(), o.as_ref()))
                .collect(),
            parts: None,
        }
    }

    #[test]
    fn the_diverging_cases_are_picked_first_ones_first() {
        let a = vec![true, false, true, true, false, false];
        let b = vec![true, true, true, false, true, true];
        let answers = [("engine", Some(a)), ("reference", Some(b))];
        let pick = focus(&answers).pick_cases::<bool>(6);
        assert_eq!(pick.shown, vec![1, 3, 4]);
        assert_eq!(pick.left, 1);
        assert_eq!(
            pick.left_note("case").as_deref(),
            Some("1 more diverging case not drawn")
        );
    }

    #[test]
    fn a_missing_answer_diverges_and_agreement_draws_the_first_cases() {
        let answers = [("engine", Some(vec![true; 5])), ("cmd:x", None)];
        assert_eq!(focus(&answers).pick_cases::<bool>(5).shown, vec![0, 1, 2]);
        let answers = [
            ("engine", Some(vec![true, false])),
            ("cmd:x", Some(vec![true])),
        ];
        assert_eq!(focus(&answers).pick_cases::<bool>(2).shown, vec![1]);
        let answers = [("engine", Some(vec![true; 5]))];
        let pick = focus(&answers).pick_cases::<bool>(5);
        assert_eq!((pick.shown, pick.left), (vec![0, 1, 2], 2));
        assert_eq!(pick.what, "");
    }

    #[test]
    fn answers_name_each_solver_and_mark_missing_ones() {
        let line = answers_line(&[("engine", Some(&true)), ("cmd:x", None)], |b| {
            if *b { "YES" } else { "NO" }.to_string()
        });
        assert_eq!(line, "engine YES, cmd:x -");
    }
}
