//! Reading lishogi's shogiops in our notation, for the tests that compare
//! with it (family_agreement, shogiops_random_games).
//!
//! shogiops writes kyoto shogi with one letter per face: T, G, B, R for the
//! faces Fairy-Stockfish (and our kyotoshogi file) write +L, +N, +S, +P.

#![allow(dead_code)]

/// shogiops' kyoto letters (one per face) as FSF's (a `+` on the second).
pub fn shogiops_kyoto(sfen: &str) -> String {
    let (board, rest) = sfen.split_once(' ').unwrap_or((sfen, ""));
    let hands: Vec<&str> = rest.split(' ').collect();
    // The hand holds only first faces: T and G become L and N there.
    let hand: String = hands
        .get(1)
        .unwrap_or(&"-")
        .chars()
        .map(|c| match c {
            'T' => 'L',
            'G' => 'N',
            't' => 'l',
            'g' => 'n',
            c => c,
        })
        .collect();
    let board: String = board
        .chars()
        .map(|c| match c {
            'T' => "+L".to_owned(),
            'G' => "+N".to_owned(),
            'B' => "+S".to_owned(),
            'R' => "+P".to_owned(),
            't' => "+l".to_owned(),
            'g' => "+n".to_owned(),
            'b' => "+s".to_owned(),
            'r' => "+p".to_owned(),
            c => c.to_string(),
        })
        .collect();
    format!("{board} {} {hand} 1", hands.first().unwrap_or(&"b"))
}

/// A kyoto shogi drop of shogiops (`T*5e`) in our letters (`+L*5e`); any
/// other move unchanged.
pub fn kyoto_drop(usi: &str) -> String {
    match usi.split_once('*') {
        Some((letter, to)) => {
            let ours = match letter {
                "T" => "+L",
                "G" => "+N",
                "B" => "+S",
                "R" => "+P",
                other => other,
            };
            format!("{ours}*{to}")
        }
        None => usi.to_owned(),
    }
}
