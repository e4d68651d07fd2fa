/// A `formc lint` or `formc build` command line read without ArgumentParser,
/// when it is one this reader knows exactly: inputs, and the options CI and the
/// build plugin pass (`--format github`, `-o FILE`, `--check`, …), each spelled
/// as a separate argument. ArgumentParser's parse reflects over every command's
/// options at each start, a large share of a small lint's run.
///
/// Anything else makes it answer nil, and ArgumentParser reads the line as it
/// always did, with its messages and exit statuses: `--help`, `--`,
/// `--option=value`, `-oFILE`, an option given twice, an option this reader does
/// not know, a value that is missing or starts with `-`, an empty argument, no
/// input. So the two readers never disagree on a line both accept; the
/// commands check their values (`--format`'s choices, `--check` without `-o`)
/// the same way before accepting a line (`LintCommand.Request`,
/// `BuildCommand.Request`), and `PlainLintTests`/`QuickBuildTests` run both
/// readers on the same lines.
struct QuickArguments {
    /// An option: its spellings, and whether it takes the next argument as its value.
    struct Option: Hashable {
        var names: [String]
        var takesValue: Bool

        static let format = Option(names: ["--format"], takesValue: true)
        static let strict = Option(names: ["--strict"], takesValue: false)
        static let quiet = Option(names: ["--quiet"], takesValue: false)
        static let output = Option(names: ["-o", "--output"], takesValue: true)
        static let accessLevel = Option(names: ["--access-level"], takesValue: true)
        static let check = Option(names: ["--check"], takesValue: false)
        static let config = Option(names: ["--config"], takesValue: true)
    }

    /// The arguments that are not options, in order.
    private(set) var inputs: [String] = []
    /// Each option given, with its value (empty for a flag).
    private var given: [Option: String] = [:]

    /// Reads `arguments` (what follows `formc`) as the command `command` with
    /// `options`; nil unless every argument is an input or one of them.
    init?(_ arguments: [String], command: String?, options: [Option]) {
        guard let command, arguments.first == command else { return nil }
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !argument.isEmpty else { return nil }
            guard argument.hasPrefix("-") else {
                inputs.append(argument)
                continue
            }
            guard let option = options.first(where: { $0.names.contains(argument) }), given[option] == nil else { return nil }
            if option.takesValue {
                guard index < arguments.count, !arguments[index].isEmpty, !arguments[index].hasPrefix("-") else { return nil }
                given[option] = arguments[index]
                index += 1
            } else {
                given[option] = ""
            }
        }
        guard !inputs.isEmpty else { return nil }
    }

    /// Whether the flag was given.
    func has(_ flag: Option) -> Bool {
        given[flag] != nil
    }

    /// The option's value, if it was given.
    func value(_ option: Option) -> String? {
        given[option]
    }

    /// The option's value as one of its choices; `.some(nil)` when it was not
    /// given; nil when it is not one of them (ArgumentParser reports that).
    func choice<Choice: RawRepresentable>(_ option: Option, as _: Choice.Type = Choice.self) -> Choice?? where Choice.RawValue == String {
        guard let text = given[option] else { return .some(nil) }
        guard let choice = Choice(rawValue: text) else { return nil }
        return .some(choice)
    }
}
