//! A progress bar on standard error for long work (seeding): redrawn in place on a terminal,
//! one line per tenth otherwise (logs, CI).

use std::io::{IsTerminal, Write};

pub struct ProgressBar {
    terminal: bool,
    stage: &'static str,
    last_tenth: usize,
}

impl Default for ProgressBar {
    fn default() -> Self {
        Self::new()
    }
}

impl ProgressBar {
    pub fn new() -> Self {
        ProgressBar { terminal: std::io::stderr().is_terminal(), stage: "", last_tenth: usize::MAX }
    }

    pub fn update(&mut self, stage: &'static str, done: usize, total: usize) {
        let total = total.max(1);
        let done = done.min(total);
        if stage != self.stage {
            if self.terminal && !self.stage.is_empty() {
                eprintln!();
            }
            self.stage = stage;
            self.last_tenth = usize::MAX;
        }
        let line = render(stage, done, total);
        if self.terminal {
            eprint!("\r{line}");
            let _ = std::io::stderr().flush();
        } else {
            let tenth = done * 10 / total;
            if tenth != self.last_tenth {
                self.last_tenth = tenth;
                eprintln!("{line}");
            }
        }
    }

    pub fn finish(&mut self) {
        if self.terminal && !self.stage.is_empty() {
            eprintln!();
        }
        self.stage = "";
    }
}

/// `ads      [##########----------]  1600/3200  50%`
pub fn render(stage: &str, done: usize, total: usize) -> String {
    const WIDTH: usize = 30;
    let filled = done * WIDTH / total.max(1);
    format!(
        "{stage:<8} [{}{}] {done:>6}/{total:<6} {:>3}%",
        "#".repeat(filled),
        "-".repeat(WIDTH - filled),
        done * 100 / total.max(1)
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn renders_the_share_done() {
        assert_eq!(
            super::render("ads", 1600, 3200),
            format!("ads      [{}{}]   1600/3200    50%", "#".repeat(15), "-".repeat(15))
        );
        assert!(super::render("images", 0, 0).contains("0%"));
    }
}
