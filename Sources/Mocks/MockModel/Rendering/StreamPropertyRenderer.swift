import Foundation

/// Properties whose type is a stream: Combine's `AnyPublisher` and RxSwift's `Observable`,
/// backed by a subject a test drives, in mockolo's shapes and names (`…Subject`,
/// `…SubjectSetCallCount`), so tests written against mockolo's mocks keep working.
extension MockTypeRenderer {
    /// `AnyPublisher<O, F>`'s output and failure types, if `type` is one.
    static func publisherTypes(_ type: TypeRef) -> (output: TypeRef, failure: TypeRef)? {
        guard case .named(let name, let arguments) = type.shape, name == "AnyPublisher" || name == "Combine.AnyPublisher",
              arguments.count == 2
        else { return nil }
        return (arguments[0], arguments[1])
    }

    /// `Observable<T>`'s element type, if `type` is one.
    static func observableElement(_ type: TypeRef) -> TypeRef? {
        guard case .named(let name, let arguments) = type.shape, name == "Observable" || name == "RxSwift.Observable",
              arguments.count == 1
        else { return nil }
        return arguments[0]
    }

    /// Whether `property` is rendered as a stream: an instance property of a plain mock
    /// (lock-guarded and static state keep the plain form).
    func isStream(_ property: Property) -> Bool {
        guard instance.isStored, !property.isStatic, !property.isEffectful, !plan.protocolModel.isClass else { return false }
        if Self.publisherTypes(property.type) != nil { return !options.disableCombineDefaultValues }
        return Self.observableElement(property.type) != nil
    }

    /// Properties that `combine: x = @Published name` wraps, by name.
    func findPublishedWrappers() -> [String: String] {
        var result: [String: String] = [:]
        guard plan.protocolModel.annotation.map({ !$0.combine.isEmpty }) ?? false
            || plan.members.contains(where: { member in
                if case .property(let property) = member { return property.combineSubject != nil }
                return false
            })
        else { return result }
        for member in plan.members {
            guard case .property(let property) = member, let value = property.combineSubject, value.hasPrefix("@") else { continue }
            let parts = value.split(separator: " ").map(String.init)
            // Only a property with a starting value is wrapped; otherwise the publisher falls back to a subject.
            guard parts.count == 2, let target = plan.members.lazy.compactMap({ member -> Property? in
                if case .property(let candidate) = member, candidate.name == parts[1], !candidate.isStatic { return candidate }
                return nil
            }).first, defaults.value(for: target.type) != nil else { continue }
            result[parts[1]] = parts[0]
        }
        return result
    }

    mutating func renderStream(_ property: Property) {
        if let (output, failure) = Self.publisherTypes(property.type) {
            renderPublisher(property, output: output, failure: failure)
        } else if let element = Self.observableElement(property.type) {
            if property.rxAnnotated { renderRxSubject(property, element: element) } else { renderRxKinds(property, element: element) }
        }
        body.append("")
    }

    /// `var p: AnyPublisher<O, F> { … }` over `pSubject`, or over `@Published` property `q`.
    mutating func renderPublisher(_ property: Property, output: TypeRef, failure: TypeRef) {
        let name = property.name
        let type = property.type.valueText
        let subjectName = "\(name)Subject"
        let choice = property.combineSubject?.trimmingCharacters(in: .whitespaces) ?? "PassthroughSubject"
        if choice.hasPrefix("@") {
            let parts = choice.split(separator: " ").map(String.init)
            let target = parts.count == 2 ? plan.members.compactMap { member -> Property? in
                if case .property(let candidate) = member, candidate.name == parts[1], !candidate.isStatic { return candidate }
                return nil
            }.first : nil
            if let target, defaults.value(for: target.type) != nil {
                var map = ""
                if !output.isOptional && target.type.isOptional { map = ".map { $0! }" }
                if output.isOptional && !target.type.isOptional { map = ".map { $0 }" }
                body.append("\(access)var \(name): \(type) { return self.$\(target.name)\(map).setFailureType(to: \(failure.text).self).eraseToAnyPublisher() }")
                return
            }
        }
        var subject = "PassthroughSubject<\(output.text), \(failure.text)>()"
        if choice.lowercased() == "currentvaluesubject", let value = defaults.value(for: output) {
            subject = "CurrentValueSubject<\(output.text), \(failure.text)>(\(value))"
        }
        body.append("\(access)var \(name): \(type) { return self.\(subjectName).eraseToAnyPublisher() }")
        body.append("\(access)private(set) var \(subjectName) = \(subject)")
    }

    /// mockolo's form when the declaring protocol names subjects with `rx:`: one subject a
    /// test drives, or any observable it sets.
    mutating func renderRxSubject(_ property: Property, element: TypeRef) {
        let name = property.name
        let counter = "\(name)SubjectSetCallCount"
        let chosen = property.rxSubject.flatMap { $0.hasSuffix("Subject") ? $0 : nil } ?? "PublishSubject"
        let elementText = element.text
        var kind = chosen
        var declaration: String
        switch chosen {
        case "BehaviorSubject":
            if let value = defaults.value(for: element) {
                declaration = "var \(name)Subject = BehaviorSubject<\(elementText)>(value: \(value))"
            } else {
                declaration = "var \(name)Subject: BehaviorSubject<\(elementText)>!"
            }
        case "ReplaySubject":
            declaration = "var \(name)Subject = ReplaySubject<\(elementText)>.create(bufferSize: 1)"
        default:
            kind = "PublishSubject"
            declaration = "var \(name)Subject = PublishSubject<\(elementText)>()"
        }
        let settable = options.allowSetCallCount ? "" : "private(set) "
        body.append("""
            \(access)\(settable)var \(counter) = 0
            var _\(name): \(property.type.valueText)? { didSet { \(counter) += 1 } }
            \(access)\(declaration) { didSet { \(counter) += 1 } }
            \(access)var \(SwiftKeywords.escaped(name)): \(property.type.valueText) {
                get { return _\(name) ?? \(name)Subject }
                set { if let val = newValue as? \(kind)<\(elementText)> { \(name)Subject = val } else { _\(name) = newValue } }
            }
            """)
    }

    /// mockolo's form otherwise: a subject of each kind, and whichever the test set last answers.
    mutating func renderRxKinds(_ property: Property, element: TypeRef) {
        let name = property.name
        let counter = "\(name)SubjectSetCallCount"
        let elementText = element.text
        let type = property.type.valueText
        let settable = options.allowSetCallCount ? "" : "private(set) "
        body.append("""
            private var \(name)SubjectKind = 0
            \(access)\(settable)var \(counter) = 0
            \(access)var \(name)Subject = PublishSubject<\(elementText)>() { didSet { \(counter) += 1 } }
            \(access)var \(name)ReplaySubject = ReplaySubject<\(elementText)>.create(bufferSize: 1) { didSet { \(counter) += 1 } }
            \(access)var \(name)BehaviorSubject: BehaviorSubject<\(elementText)>! { didSet { \(counter) += 1 } }
            \(access)var _\(name): \(type)! { didSet { \(counter) += 1 } }
            \(access)var \(SwiftKeywords.escaped(name)): \(type) {
                get {
                    if \(name)SubjectKind == 0 {
                        return \(name)Subject
                    } else if \(name)SubjectKind == 1 {
                        return \(name)BehaviorSubject
                    } else if \(name)SubjectKind == 2 {
                        return \(name)ReplaySubject
                    } else {
                        return _\(name)
                    }
                }
                set {
                    if let val = newValue as? PublishSubject<\(elementText)> {
                        \(name)Subject = val
                        \(name)SubjectKind = 0
                    } else if let val = newValue as? BehaviorSubject<\(elementText)> {
                        \(name)BehaviorSubject = val
                        \(name)SubjectKind = 1
                    } else if let val = newValue as? ReplaySubject<\(elementText)> {
                        \(name)ReplaySubject = val
                        \(name)SubjectKind = 2
                    } else {
                        _\(name) = newValue
                        \(name)SubjectKind = 3
                    }
                }
            }
            """)
    }
}
