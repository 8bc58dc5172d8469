import Foundation
import Pricing
import Testing

@Test func memberDiscount() {
    #expect(discount(total: 200, member: true) == 20)
}

@Test func noDiscountForGuests() {
    #expect(discount(total: 200, member: false) == 0)
}

/// Runs shipping and checks nothing: its mutants survive here.
@Test func shippingRuns() {
    _ = shipping(weight: 3)
}

@Test func lastOfThree() {
    #expect(lastItem([1, 2, 3]) == 3)
}

@Test func parcelOfTwoKilograms() {
    #expect(parcelGrams(2) == 2050)
}

@Test func triangleOfFour() {
    #expect(triangle(4) == 10)
}

@Test func bannerOff() {
    #expect(banner(Flag(on: false), count: 2) == "off")
    #expect(banner(Flag(on: true), count: 2) == "many")
}

/// Fails without any mutant when MUTANT_FIXTURE_FAIL=1: a failing baseline.
@Test func failsOnDemand() {
    #expect(ProcessInfo.processInfo.environment["MUTANT_FIXTURE_FAIL"] != "1")
}
