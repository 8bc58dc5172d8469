import Foundation
import ImageDiff
import PNGCodec
@_spi(PyramidTools) import PyramidImage

// image-bench generate DIR        writes reference.png and actual.png (iPhone 16 @3x)
// image-bench run DIR [N]         times decode, encode and every comparison mode; prints JSON
// image-bench memory DIR          decodes both, compares with a diff image; prints peak RSS as JSON

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("image-bench: \(message)\n".utf8))
    exit(2)
}

/// Median and minimum milliseconds of `iterations` runs after one warm-up.
func time(_ iterations: Int, _ body: () throws -> Void) rethrows -> (median: Double, min: Double) {
    try body()
    var samples: [Double] = []
    for _ in 0..<iterations {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    samples.sort()
    return (samples[samples.count / 2], samples[0])
}

/// Peak resident memory of this process. On Linux it reads VmHWM, which starts
/// afresh at exec (getrusage's maxrss would include the parent that spawned us).
func peakRSSKilobytes() -> Int {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
        return kilobytes
    }
    #endif
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Int(usage.ru_maxrss)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: image-bench generate|run|memory DIR [ITERATIONS]") }
let directory = URL(fileURLWithPath: arguments[2])
let referencePath = directory.appendingPathComponent("reference.png").path
let actualPath = directory.appendingPathComponent("actual.png").path

switch arguments[1] {
case "generate":
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let reference = ScreenGenerator.screen(variant: 0)
    let actual = ScreenGenerator.screen(variant: 1)
    try PNGEncoder().write(reference, to: referencePath)
    try PNGEncoder().write(actual, to: actualPath)
    let changed = ImageComparator().compare(reference, actual)
    print("{\"width\": \(reference.width), \"height\": \(reference.height), \"changedPixels\": \(changed.differingPixels)}")

case "run":
    let iterations = arguments.count > 3 ? Int(arguments[3]) ?? 15 : 15
    let referenceData = try Data(contentsOf: URL(fileURLWithPath: referencePath))
    let decoder = PNGDecoder()
    let reference = try decoder.decode(referenceData).bitmap
    let actual = try decoder.decode(contentsOf: actualPath).bitmap
    let copy = try Bitmap(width: reference.width, height: reference.height, pixels: reference.pixels + [])
    let masks = [PixelRect(x: 900, y: 870, width: 120, height: 80)]
    var results: [(String, (median: Double, min: Double))] = []
    // Our own file: libdeflate in parallel bands (the default), libdeflate as one stream, zlib.
    // Each decoded bitmap is given back, as a snapshot run does, so memory is reused.
    let oneStream = PNGDecoder(parallelBands: false)
    let zlibDecoder = PNGDecoder(inflateEngine: .zlib)
    guard case .parallelBands = try decoder.decode(referenceData).imageDataPath else { fail("reference.png was not decoded in bands") }
    results.append(("decode", try time(iterations) { PixelBuffers.recycle(try decoder.decode(referenceData).bitmap) }))
    results.append(("decode_one_stream", try time(iterations) { PixelBuffers.recycle(try oneStream.decode(referenceData).bitmap) }))
    results.append(("decode_zlib", try time(iterations) { PixelBuffers.recycle(try zlibDecoder.decode(referenceData).bitmap) }))
    // The same screen as Pillow encodes it (adaptive filters, zlib level 6), when present.
    let pillowPath = directory.appendingPathComponent("reference-pillow.png")
    if let pillowData = try? Data(contentsOf: pillowPath) {
        guard try decoder.decode(pillowData).bitmap == reference else { fail("reference-pillow.png decodes to other pixels") }
        results.append(("decode_pillow_encoded", try time(iterations) { PixelBuffers.recycle(try decoder.decode(pillowData).bitmap) }))
        results.append(("decode_pillow_encoded_zlib", try time(iterations) { PixelBuffers.recycle(try zlibDecoder.decode(pillowData).bitmap) }))
    }
    let encoded = try PNGEncoder(compression: .fast).encode(reference)
    results.append(("encode_fast", try time(iterations) { _ = try PNGEncoder(compression: .fast).encode(reference) }))
    // libdeflate compressing the same filtered rows whole (it cannot write joinable bands).
    let rows = LibdeflateEncode.filteredRows(reference)
    var sizes = "\"encode_fast_bytes\": \(encoded.count)"
    for level: Int32 in [1, 6] {
        guard let compress = LibdeflateEncode.compressor(level: level) else { fail("libdeflate cannot be loaded") }
        let size = rows.withUnsafeBytes { compress($0) }
        sizes += ", \"libdeflate_level\(level)_bytes\": \(size)"
        results.append(("encode_libdeflate_level\(level)", time(iterations) { _ = rows.withUnsafeBytes { compress($0) } }))
    }
    results.append(("encode_small", try time(max(3, iterations / 3)) { _ = try PNGEncoder(compression: .small).encode(reference) }))
    let modes: [(String, ComparisonOptions)] = [
        ("compare_exact", ComparisonOptions()),
        ("compare_precision", ComparisonOptions(precision: 0.99)),
        ("compare_perceptual", ComparisonOptions(perceptualPrecision: 0.98)),
        ("compare_antialiasing", ComparisonOptions(detectsAntialiasing: true)),
        ("compare_masks", ComparisonOptions(masks: masks)),
        ("compare_max_diff_pixels", ComparisonOptions(maxDifferingPixels: 100)),
        ("compare_ciede2000", ComparisonOptions(perceptualPrecision: 0.98, colorDistance: .ciede2000)),
        ("compare_all_options", ComparisonOptions(precision: 0.99, perceptualPrecision: 0.98, detectsAntialiasing: true, masks: masks, maxDifferingPixels: 100)),
    ]
    for (name, options) in modes {
        let comparator = try ImageComparator(options: options)
        results.append((name, time(iterations) { _ = comparator.compare(reference, actual) }))
    }
    let aware = try ImageComparator(options: ComparisonOptions(perceptualPrecision: 0.98, detectsAntialiasing: true))
    results.append(("compare_with_diff_image", time(iterations) { _ = aware.compareWithDiffImage(reference, actual) }))
    var reused = Bitmap(width: reference.width, height: reference.height)
    results.append(("compare_with_reused_diff_image", time(iterations) { _ = aware.compare(reference, actual, paintingDiffInto: &reused) }))
    results.append(("compare_identical", time(iterations) { _ = ImageComparator().compare(reference, copy) }))
    let body = results.map { name, t in
        "\"\(name)\": {\"median_ms\": \(t.median), \"min_ms\": \(t.min)}"
    }.joined(separator: ", ")
    print("{\(body), \(sizes)}")

case "memory":
    let baseline = peakRSSKilobytes()
    let decoder = PNGDecoder()
    let reference = try decoder.decode(contentsOf: referencePath).bitmap
    let actual = try decoder.decode(contentsOf: actualPath).bitmap
    let comparator = try ImageComparator(options: ComparisonOptions(perceptualPrecision: 0.98, detectsAntialiasing: true))
    let (result, diff) = comparator.compareWithDiffImage(reference, actual)
    let peak = peakRSSKilobytes()
    let decodedBytes = reference.pixels.count + actual.pixels.count
    print("{\"baseline_kb\": \(baseline), \"peak_kb\": \(peak), \"decoded_images_bytes\": \(decodedBytes), \"diff_pixels\": \(result.differingPixels), \"diff_image_bytes\": \(diff.pixels.count)}")

default:
    fail("unknown command \(arguments[1])")
}
