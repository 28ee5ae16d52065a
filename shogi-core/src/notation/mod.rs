//! Move notation for people: Japanese (`▲７六歩`) and Western (`P-7f`).
//! USI, the engines' notation, is `Move`'s own `Display`/`FromStr`.

/// Western (Hodges) notation: `P-7f`, `Bx2b+`, `S*5e`.
pub mod western;

/// Japanese notation (日本将棋連盟の棋譜表記): `▲７六歩`, `△同　歩`, `▲５二金左上`.
pub mod japanese;
