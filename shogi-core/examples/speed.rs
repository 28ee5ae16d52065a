use shogi_core::*;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(|s| s.as_str()).unwrap_or("all");
    let depth: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let mut p = Position::from_sfen(start, &Geometry::STANDARD, &PieceSet::STANDARD).unwrap();
    for bulk in [true, false] {
        if mode == "bulk" && !bulk || mode == "nobulk" && bulk || mode == "593" {
            continue;
        }
        let t = Instant::now();
        let n = if bulk {
            perft(&mut p, depth)
        } else {
            perft_without_bulk(&mut p, depth)
        };
        let s = t.elapsed().as_secs_f64();
        println!("bulk={bulk} n={n} {:.3}s {:.1} Mnps", s, n as f64 / s / 1e6);
    }
    if mode == "all" || mode == "593" {
        let mut p = Position::from_sfen(
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
            &Geometry::STANDARD,
            &PieceSet::STANDARD,
        )
        .unwrap();
        let t = Instant::now();
        let n = perft(&mut p, 3);
        let s = t.elapsed().as_secs_f64();
        println!("593 d3 n={n} {:.3}s {:.1} Mnps", s, n as f64 / s / 1e6);
    }
}
