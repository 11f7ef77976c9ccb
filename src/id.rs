//! The names of the games. A leaf: seeds, corpus paths and the command line
//! need the name of a game without reaching its implementation, which
//! `GameId::dispatch` in `games` alone maps.

macro_rules! ids {
    ($($variant:ident => $name:literal, $title:literal,)*) => {
        /// Every game of the harness. A new game adds one line here and one
        /// arm to `GameId::dispatch`, which refuses to compile without it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, clap::ValueEnum)]
        pub enum GameId {
            $(#[value(name = $name)] $variant,)*
        }

        impl GameId {
            pub const ALL: &'static [GameId] = &[$(GameId::$variant,)*];

            pub fn name(self) -> &'static str {
                match self {
                    $(GameId::$variant => $name,)*
                }
            }

            /// The title of the judge problem, the default `name` of a package.
            pub fn title(self) -> &'static str {
                match self {
                    $(GameId::$variant => $title,)*
                }
            }
        }
    };
}

ids! {
    Xiangqi => "xiangqi", "Xiangqi",
    Chutes => "chutes", "Chutes and Ladders",
    Pigs => "pigs", "Pig Kill",
    Generals => "generals", "Generals Chess",
    Stones => "stones", "Doraemon's Stone Game",
}

impl GameId {
    pub fn from_name(name: &str) -> Option<GameId> {
        GameId::ALL.iter().copied().find(|g| g.name() == name)
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
