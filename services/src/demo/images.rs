//! Placeholder photos of the demo ads, drawn locally (no network, no stock photos): per
//! vertical a handful of 800×600 JPEGs, each a two-colour gradient in the vertical's palette
//! with a simple pictogram (a house, a car, a box or a phone, a briefcase) placed and
//! coloured a little differently per image. Files go to `media_dir/demo/<vertical>-<n>.jpg`.

use super::SeedError;
use super::rng::Rng;
use image::ExtendedColorType;
use image::codecs::jpeg::JpegEncoder;
use souk_domain::catalog::Vertical;
use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

pub const WIDTH: u32 = 800;
pub const HEIGHT: u32 = 600;
/// Distinct placeholder photos per vertical.
pub const IMAGES_PER_VERTICAL: usize = 6;
const JPEG_QUALITY: u8 = 80;

/// The relative paths (under the media directory) of the placeholder photos, by vertical.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ImageSet {
    by_vertical: BTreeMap<&'static str, Vec<String>>,
}

impl ImageSet {
    /// The standard set: `IMAGES_PER_VERTICAL` paths for each vertical (no I/O).
    pub fn standard() -> ImageSet {
        let mut by_vertical = BTreeMap::new();
        for v in Vertical::ALL {
            by_vertical.insert(v.key(), (1..=IMAGES_PER_VERTICAL).map(|n| relative_path(v, n)).collect());
        }
        ImageSet { by_vertical }
    }

    /// An empty set: ads get no photos.
    pub fn empty() -> ImageSet {
        ImageSet::default()
    }

    pub fn paths(&self, vertical: Vertical) -> &[String] {
        self.by_vertical.get(vertical.key()).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn len(&self) -> usize {
        self.by_vertical.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// `demo/<vertical-key>-<n>.jpg`, numbered from 1.
pub fn relative_path(vertical: Vertical, n: usize) -> String {
    format!("demo/{}-{n}.jpg", vertical.key())
}

/// Writes the placeholder photo `n` (from 1) of a vertical unless a file with the right
/// dimensions is already there. Answers whether it wrote one. Blocking: run it on a
/// blocking thread. The file is written aside and renamed, so a crash never leaves half a
/// photo under the final name.
pub fn write_placeholder(media_dir: &Path, vertical: Vertical, n: usize) -> Result<bool, SeedError> {
    let path = media_dir.join(relative_path(vertical, n));
    if image::image_dimensions(&path).is_ok_and(|dims| dims == (WIDTH, HEIGHT)) {
        return Ok(false);
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let pixels = render(vertical, n);
    let tmp = PathBuf::from(format!("{}.tmp", path.display()));
    {
        let mut out = BufWriter::new(std::fs::File::create(&tmp)?);
        JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY).encode(
            &pixels,
            WIDTH,
            HEIGHT,
            ExtendedColorType::Rgb8,
        )?;
        out.flush()?;
    }
    std::fs::rename(&tmp, &path)?;
    Ok(true)
}

type Rgb = [u8; 3];

/// Draws the RGB pixels (row-major, 3 bytes each) of photo `n` of a vertical.
pub fn render(vertical: Vertical, n: usize) -> Vec<u8> {
    let mut rng = Rng::new(0x50_0c_de_30 ^ ((vertical as u64) << 32) ^ n as u64);
    let (top, bottom) = match vertical {
        Vertical::RealEstate => ([250, 214, 165], [205, 112, 84]),
        Vertical::Vehicles => ([104, 156, 214], [28, 48, 92]),
        Vertical::Market => ([128, 214, 194], [26, 112, 118]),
        Vertical::JobsAndServices => ([166, 146, 226], [58, 40, 118]),
    };
    let mut canvas = Canvas::gradient(jitter(&mut rng, top), jitter(&mut rng, bottom), rng.unit() as f32 * 0.5);
    // Soft light discs in the background, different on every photo.
    for _ in 0..rng.range(3, 6) {
        let (x, y) = (rng.range(0, WIDTH as i64) as f32, rng.range(0, HEIGHT as i64 / 2) as f32);
        let r = rng.range(40, 140) as f32;
        canvas.fill(circle(x, y, r), [255, 255, 255], 0.10 + rng.unit() as f32 * 0.12);
    }
    let cx = rng.range(300, 500) as f32;
    let cy = rng.range(270, 330) as f32;
    let s = rng.range(70, 88) as f32;
    let at = |x: f32, y: f32| (cx + x * s, cy + y * s);
    match vertical {
        Vertical::RealEstate => draw_house(&mut canvas, &mut rng, &at, s),
        Vertical::Vehicles => draw_car(&mut canvas, &mut rng, &at, s),
        Vertical::Market if n.is_multiple_of(2) => draw_phone(&mut canvas, &mut rng, &at, s),
        Vertical::Market => draw_box(&mut canvas, &mut rng, &at),
        Vertical::JobsAndServices => draw_briefcase(&mut canvas, &mut rng, &at),
    }
    canvas.pixels
}

fn jitter(rng: &mut Rng, c: Rgb) -> Rgb {
    c.map(|v| (i64::from(v) + rng.range(-22, 22)).clamp(0, 255) as u8)
}

fn draw_house(c: &mut Canvas, rng: &mut Rng, at: &dyn Fn(f32, f32) -> (f32, f32), s: f32) {
    let (sx, sy) = at(-3.4, -2.4);
    c.fill(circle(sx, sy, s * 0.7), [255, 236, 170], 0.9);
    c.fill_rect(0.0, at(0.0, 1.8).1, WIDTH as f32, HEIGHT as f32, [104, 150, 84], 1.0);
    c.fill(rect(at(-1.45, -0.2), at(1.75, 1.95)), [0, 0, 0], 0.18);
    c.fill(rect(at(0.9, -1.8), at(1.3, -0.6)), [150, 70, 50], 1.0);
    let walls = *rng.choose(&[[253, 246, 236], [246, 232, 205], [236, 224, 214]]);
    c.fill(rect(at(-1.6, -0.3), at(1.6, 1.8)), walls, 1.0);
    let roof = *rng.choose(&[[176, 64, 45], [150, 52, 40], [46, 110, 96]]);
    c.fill(polygon(vec![at(-2.0, -0.2), at(2.0, -0.2), at(0.0, -2.0)]), roof, 1.0);
    c.fill(rect(at(-0.35, 0.7), at(0.35, 1.8)), [110, 70, 45], 1.0);
    for x in [-1.2, 0.6] {
        c.fill(rect(at(x, 0.2), at(x + 0.6, 0.8)), [120, 180, 220], 1.0);
        c.fill(rect(at(x + 0.27, 0.2), at(x + 0.33, 0.8)), walls, 1.0);
    }
}

fn draw_car(c: &mut Canvas, rng: &mut Rng, at: &dyn Fn(f32, f32) -> (f32, f32), s: f32) {
    let road_top = at(0.0, 1.3).1;
    c.fill_rect(0.0, road_top, WIDTH as f32, HEIGHT as f32, [52, 54, 60], 1.0);
    let mut x = rng.range(0, 60) as f32;
    while x < WIDTH as f32 {
        let y = road_top + (HEIGHT as f32 - road_top) * 0.5;
        c.fill_rect(x, y - 4.0, x + 60.0, y + 4.0, [235, 235, 235], 0.9);
        x += 120.0;
    }
    let paint =
        *rng.choose(&[[200, 40, 40], [238, 238, 240], [176, 182, 190], [42, 42, 48], [40, 90, 170], [226, 120, 30]]);
    c.fill(rounded(at(-2.3, 0.1), at(2.5, 1.05), 0.3 * s), [0, 0, 0], 0.25);
    c.fill(polygon(vec![at(-1.4, 0.05), at(1.5, 0.05), at(1.0, -0.8), at(-0.9, -0.8)]), paint, 1.0);
    c.fill(rounded(at(-2.4, 0.0), at(2.4, 0.9), 0.3 * s), paint, 1.0);
    let glass = [170, 210, 235];
    c.fill(polygon(vec![at(-1.2, -0.05), at(-0.1, -0.05), at(-0.1, -0.68), at(-0.8, -0.68)]), glass, 1.0);
    c.fill(polygon(vec![at(0.05, -0.05), at(1.3, -0.05), at(0.92, -0.68), at(0.05, -0.68)]), glass, 1.0);
    c.fill(rect(at(2.1, 0.2), at(2.4, 0.4)), [255, 230, 150], 1.0);
    for wx in [-1.4, 1.4] {
        let (x, y) = at(wx, 0.9);
        c.fill(circle(x, y, 0.5 * s), [30, 30, 32], 1.0);
        c.fill(circle(x, y, 0.22 * s), [190, 192, 196], 1.0);
    }
}

fn draw_phone(c: &mut Canvas, rng: &mut Rng, at: &dyn Fn(f32, f32) -> (f32, f32), s: f32) {
    c.fill(rounded(at(-0.85, -1.85), at(1.2, 2.2), 0.25 * s), [0, 0, 0], 0.25);
    c.fill(rounded(at(-1.0, -2.0), at(1.0, 2.0), 0.25 * s), [32, 32, 36], 1.0);
    let screen = *rng.choose(&[[80, 160, 230], [240, 150, 90], [120, 200, 140], [200, 120, 200]]);
    c.fill(rect(at(-0.85, -1.7), at(0.85, 1.6)), screen, 1.0);
    for row in 0..3 {
        for col in 0..3 {
            let (x, y) = (-0.62 + col as f32 * 0.5, -1.35 + row as f32 * 0.55);
            c.fill(rounded(at(x, y), at(x + 0.3, y + 0.3), 0.06 * s), [255, 255, 255], 0.75);
        }
    }
    let (hx, hy) = at(0.0, 1.8);
    c.fill(circle(hx, hy, 0.1 * s), [90, 90, 96], 1.0);
}

fn draw_box(c: &mut Canvas, rng: &mut Rng, at: &dyn Fn(f32, f32) -> (f32, f32)) {
    let kraft: Rgb = jitter(rng, [206, 156, 96]);
    let shade = |k: Rgb, f: f32| k.map(|v| (f32::from(v) * f) as u8);
    c.fill(rounded(at(-1.7, 1.35), at(2.0, 1.75), 12.0), [0, 0, 0], 0.18);
    c.fill(rect(at(-1.5, -0.5), at(1.0, 1.5)), kraft, 1.0);
    c.fill(polygon(vec![at(-1.5, -0.5), at(1.0, -0.5), at(1.6, -1.1), at(-0.9, -1.1)]), shade(kraft, 1.12), 1.0);
    c.fill(polygon(vec![at(1.0, -0.5), at(1.6, -1.1), at(1.6, 0.9), at(1.0, 1.5)]), shade(kraft, 0.78), 1.0);
    let tape = [236, 220, 180];
    c.fill(rect(at(-0.4, -0.5), at(-0.1, 1.5)), tape, 0.9);
    c.fill(polygon(vec![at(-0.4, -0.5), at(-0.1, -0.5), at(0.5, -1.1), at(0.2, -1.1)]), tape, 0.9);
}

fn draw_briefcase(c: &mut Canvas, rng: &mut Rng, at: &dyn Fn(f32, f32) -> (f32, f32)) {
    let leather = *rng.choose(&[[120, 75, 40], [70, 48, 36], [30, 34, 44], [140, 40, 44]]);
    let dark = leather.map(|v| (f32::from(v) * 0.7) as u8);
    let (x0, y0) = at(-1.8, -0.6);
    let (x1, y1) = at(2.2, 1.8);
    c.fill(rounded((x0, y0), (x1, y1), 18.0), [0, 0, 0], 0.22);
    // The handle: three bars, so the background shows through the middle.
    c.fill(rect(at(-0.8, -1.5), at(-0.5, -0.7)), dark, 1.0);
    c.fill(rect(at(0.5, -1.5), at(0.8, -0.7)), dark, 1.0);
    c.fill(rect(at(-0.8, -1.5), at(0.8, -1.22)), dark, 1.0);
    let (x0, y0) = at(-2.0, -0.8);
    let (x1, y1) = at(2.0, 1.6);
    c.fill(rounded((x0, y0), (x1, y1), 18.0), leather, 1.0);
    c.fill(rect(at(-2.0, 0.2), at(2.0, 0.35)), dark, 1.0);
    c.fill(rounded(at(-0.3, 0.05), at(0.3, 0.5), 4.0), [230, 190, 80], 1.0);
}

/// An RGB canvas with shapes blended over it, edges smoothed by coverage.
struct Canvas {
    pixels: Vec<u8>,
}

/// A shape to fill: an axis-aligned rectangle (filled directly), or bounds plus a signed
/// distance in pixels (positive inside) from which each pixel's coverage follows.
enum Shape {
    Rect(f32, f32, f32, f32),
    Distance((f32, f32, f32, f32), Box<dyn Fn(f32, f32) -> f32>),
}

impl Canvas {
    /// A gradient from `top` to `bottom`, tilted by `tilt` (0 = vertical).
    fn gradient(top: Rgb, bottom: Rgb, tilt: f32) -> Canvas {
        let (w, h) = (WIDTH as usize, HEIGHT as usize);
        // 256 shades between the two colours, looked up per pixel: cheap even unoptimised.
        let shades: Vec<Rgb> = (0..=255u32)
            .map(|i| std::array::from_fn(|k| ((u32::from(top[k]) * (255 - i) + u32::from(bottom[k]) * i) / 255) as u8))
            .collect();
        let scale = 255.0 / (1.0 + tilt * 0.5);
        let step = tilt / w as f32 * scale;
        let mut pixels = vec![0u8; w * h * 3];
        for (y, row) in pixels.chunks_exact_mut(w * 3).enumerate() {
            let mut t = (y as f32 / h as f32 - tilt * 0.5) * scale;
            for px in row.chunks_exact_mut(3) {
                let shade = shades[t.clamp(0.0, 255.0) as usize];
                px.copy_from_slice(&shade);
                t += step;
            }
        }
        Canvas { pixels }
    }

    fn fill_rect(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, color: Rgb, alpha: f32) {
        self.fill(Shape::Rect(x0, y0, x1, y1), color, alpha);
    }

    fn fill(&mut self, shape: Shape, color: Rgb, alpha: f32) {
        let (bx0, by0, bx1, by1) = match &shape {
            Shape::Rect(x0, y0, x1, y1) => (*x0, *y0, *x1, *y1),
            Shape::Distance(bounds, _) => *bounds,
        };
        let x0 = (bx0 - 1.0).floor().max(0.0) as usize;
        let y0 = (by0 - 1.0).floor().max(0.0) as usize;
        let x1 = ((bx1 + 1.0).ceil().max(0.0) as usize).min(WIDTH as usize);
        let y1 = ((by1 + 1.0).ceil().max(0.0) as usize).min(HEIGHT as usize);
        // How much of the pixel [i, i + 1) lies within [lo, hi).
        let overlap = |i: usize, lo: f32, hi: f32| (hi.min(i as f32 + 1.0) - lo.max(i as f32)).clamp(0.0, 1.0);
        let columns: Vec<f32> = (x0..x1).map(|x| overlap(x, bx0, bx1)).collect();
        for y in y0..y1 {
            let row_cover = overlap(y, by0, by1);
            for (x, column_cover) in (x0..x1).zip(&columns) {
                let cover = match &shape {
                    Shape::Rect(..) => row_cover * column_cover,
                    Shape::Distance(_, distance) => (distance(x as f32 + 0.5, y as f32 + 0.5) + 0.5).clamp(0.0, 1.0),
                };
                if cover <= 0.0 {
                    continue;
                }
                let a = alpha * cover;
                let i = (y * WIDTH as usize + x) * 3;
                for (old, new) in self.pixels[i..i + 3].iter_mut().zip(color) {
                    *old = (f32::from(*old) * (1.0 - a) + f32::from(new) * a) as u8;
                }
            }
        }
    }
}

fn rect((x0, y0): (f32, f32), (x1, y1): (f32, f32)) -> Shape {
    Shape::Rect(x0, y0, x1, y1)
}

fn circle(cx: f32, cy: f32, r: f32) -> Shape {
    Shape::Distance((cx - r, cy - r, cx + r, cy + r), Box::new(move |x, y| r - (x - cx).hypot(y - cy)))
}

fn rounded((x0, y0): (f32, f32), (x1, y1): (f32, f32), r: f32) -> Shape {
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let (hx, hy) = ((x1 - x0) / 2.0 - r, (y1 - y0) / 2.0 - r);
    let distance = move |x: f32, y: f32| {
        let (qx, qy) = ((x - cx).abs() - hx, (y - cy).abs() - hy);
        let outside = qx.max(0.0).hypot(qy.max(0.0)) + qx.max(qy).min(0.0);
        r - outside
    };
    Shape::Distance((x0, y0, x1, y1), Box::new(distance))
}

/// A convex polygon, its points in either winding order.
fn polygon(points: Vec<(f32, f32)>) -> Shape {
    let xs = points.iter().map(|p| p.0);
    let ys = points.iter().map(|p| p.1);
    let bounds = (
        xs.clone().fold(f32::MAX, f32::min),
        ys.clone().fold(f32::MAX, f32::min),
        xs.fold(f32::MAX.copysign(-1.0), f32::max),
        ys.fold(f32::MAX.copysign(-1.0), f32::max),
    );
    // The shoelace sum says which way the points turn, so inside is positive either way.
    let area2: f32 = (0..points.len())
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % points.len()]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum();
    let orientation = if area2 >= 0.0 { 1.0 } else { -1.0 };
    let edges: Vec<(f32, f32, f32, f32, f32)> = (0..points.len())
        .filter_map(|i| {
            let (a, b) = (points[i], points[(i + 1) % points.len()]);
            let len = (b.0 - a.0).hypot(b.1 - a.1);
            (len > 0.0).then_some((a.0, a.1, b.0 - a.0, b.1 - a.1, len))
        })
        .collect();
    let distance = move |x: f32, y: f32| {
        edges
            .iter()
            .map(|(ax, ay, dx, dy, len)| orientation * (dx * (y - ay) - dy * (x - ax)) / len)
            .fold(f32::MAX, f32::min)
    };
    Shape::Distance(bounds, Box::new(distance))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn photos_differ_between_verticals_and_indexes() {
        let a = render(Vertical::RealEstate, 1);
        assert_eq!(a.len(), (WIDTH * HEIGHT * 3) as usize);
        assert_ne!(a, render(Vertical::RealEstate, 2));
        assert_ne!(a, render(Vertical::Vehicles, 1));
        assert_eq!(a, render(Vertical::RealEstate, 1), "drawing is deterministic");
    }

    #[test]
    fn the_standard_set_names_every_vertical() {
        let set = ImageSet::standard();
        assert_eq!(set.len(), 4 * IMAGES_PER_VERTICAL);
        assert_eq!(set.paths(Vertical::Vehicles)[0], "demo/vehicles-1.jpg");
        assert!(ImageSet::empty().paths(Vertical::Market).is_empty());
    }
}
