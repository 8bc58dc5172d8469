import Foundation
import PyramidIO
@testable import LivingSpec
import PyramidTestSupport
import Testing

/// The history reader's check that a line is UTF-8 with no control character, against the
/// standard library's UTF-8 validation as the oracle.
@Suite("Plain UTF-8 check", .ownThread)
struct PlainUTF8Tests {
    /// What the check must answer: valid UTF-8 by the standard library, and no byte below 0x20.
    static func oracle(_ bytes: [UInt8]) -> Bool {
        !bytes.contains { $0 < 0x20 } && String(validating: bytes, as: UTF8.self) != nil
    }

    static func check(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { TestHistory.isPlainUTF8($0) }
    }

    @Test("every sequence of one and two bytes, and every three-byte one with a lead from 0xC0, at every place in a word, agrees with the standard library")
    func shortSequences() {
        var checked = 0, valid = 0, disagreements: [[UInt8]] = []
        // Padding puts the sequence at each of a word's eight places, and past a word's end.
        for padding in 0..<10 {
            let prefix = [UInt8](repeating: 0x61, count: padding)
            func compare(_ sequence: [UInt8]) {
                let bytes = prefix + sequence + [0x62]
                checked += 1
                let expected = Self.oracle(bytes)
                if expected { valid += 1 }
                if Self.check(bytes) != expected, disagreements.count < 10 { disagreements.append(bytes) }
            }
            for first in 0...255 {
                compare([UInt8(first)])
                for second in 0...255 { compare([UInt8(first), UInt8(second)]) }
            }
            if padding < 2 {
                for first in 0xC0...0xFF {
                    for second in stride(from: 0x70, through: 0xC7, by: 1) {
                        for third in [0x00, 0x1F, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF] {
                            compare([UInt8(first), UInt8(second), UInt8(third)])
                        }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        // Pinned: 10 paddings x (256 + 65,536) sequences, and 2 x 64 x 88 x 12 three-byte ones.
        #expect(checked == 10 * (256 + 65_536) + 2 * 64 * 88 * 12)
        #expect(valid > 10_000 && valid < checked / 2)
    }

    @Test("four-byte sequences at the edges of each lead's ranges agree with the standard library")
    func fourByteSequences() {
        let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var disagreements: [[UInt8]] = []
        var valid = 0
        for lead in 0xF0...0xF7 {
            for second in edges {
                for third in edges {
                    for fourth in edges {
                        let bytes = [0x41, UInt8(lead), second, third, fourth, 0x42]
                        let expected = Self.oracle(bytes)
                        if expected { valid += 1 }
                        if Self.check(bytes) != expected { disagreements.append(bytes) }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(valid > 0)
    }

    @Test("long lines of text in many scripts, then each mutated at one byte, agree with the standard library")
    func mutatedLines() {
        var generator = SeededGenerator(seed: 0x5EED)
        let pieces = ["passed", "\"id\":\"AppTests.Cart/add()\"", "→", "カートに追加", "é", "😀", "\\n", " ", "中文", "Ω"]
        var checked = 0, rejected = 0
        var disagreements: [String] = []
        for _ in 0..<300 {
            var line: [UInt8] = []
            for _ in 0..<Int.random(in: 10...200, using: &generator) { line += Array(pieces.randomElement(using: &generator)!.utf8) }
            #expect(Self.check(line), "a line of valid text: \(String(decoding: line, as: UTF8.self))")
            for _ in 0..<20 {
                var mutated = line
                let (place, value) = (Int.random(in: 0..<mutated.count, using: &generator), UInt8.random(in: 0...255, using: &generator))
                mutated[place] = value
                checked += 1
                let expected = Self.oracle(mutated)
                if !expected { rejected += 1 }
                if Self.check(mutated) != expected, disagreements.count < 5 { disagreements.append("byte \(place) of \(String(decoding: line, as: UTF8.self)) made \(value)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        #expect(checked == 6_000 && rejected > 1_000)
    }
}
