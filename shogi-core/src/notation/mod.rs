//! Move notation for people: Japanese (`▲７六歩`) and Western (`P-7f`).
//! USI, the engines' notation, is `Move`'s own `Display`/`FromStr`.
