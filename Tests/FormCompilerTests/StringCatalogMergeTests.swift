@testable import FormCompiler
@testable import FormLocalization
@testable import FormModel
@testable import FormSource
import FormSyntax
@testable import FormText
import Foundation
import Testing

/// The String Catalog that `formc strings` writes (SPEC §11): Xcode's exact
/// format, the merge rules, byte stability, and FC603 for what is not a catalog.
@Suite struct StringCatalogMergeTests {
    static let form = """
    formc: 1
    form: SignUpForm
    title: Create your account
    elements:
      - textField: email
        placeholder: you@example.com
        rules: [required]
    """

    static func strings(_ text: String = form) throws -> [LocalizableString] {
        let result = FormPipeline.check(SourceFile(path: "signup.form.yaml", text: text))
        return FormStrings.strings(of: try #require(result.checked).document)
    }

    static func text(_ catalog: StringCatalogFile) -> String {
        String(decoding: catalog.rendered(), as: UTF8.self)
    }

    static func read(_ text: String, deferringEntries: Bool = false) throws -> StringCatalogFile {
        var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
        let catalog = StringCatalogFile.read(
            SourceFile(path: "Localizable.xcstrings", text: text), deferringEntries: deferringEntries, diagnostics: &diagnostics
        )
        #expect(diagnostics.diagnostics.isEmpty, "\(diagnostics.diagnostics.map(\.message))")
        return try #require(catalog)
    }

    /// The merge of `strings`, of the forms `forms`, into the catalog `text`,
    /// which gives the same bytes whether the catalog's entries were read or
    /// deferred (as `formc strings` reads it).
    static func merge(_ text: String?, _ strings: [LocalizableString], forms: [String] = ["SignUpForm"]) throws -> String {
        let existing = try text.map { try read($0) }
        let merged = Self.text(CatalogMerge.merge(strings, forms: forms, into: existing, sourceLanguage: "en"))
        let deferred = try text.map { try read($0, deferringEntries: true) }
        #expect(Self.text(CatalogMerge.merge(strings, forms: forms, into: deferred, sourceLanguage: "en")) == merged)
        return merged
    }

    /// A catalog as Xcode writes it, with German and French translations.
    static let translated = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "SignUpForm.email.placeholder" : {
          "comment" : "Placeholder of the text field email in SignUpForm",
          "extractionState" : "manual",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "du@beispiel.de"
              }
            },
            "en" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "you@example.com"
              }
            },
            "fr" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "vous@exemple.fr"
              }
            }
          }
        },
        "SignUpForm.email.required.message" : {
          "comment" : "Message of the rule required of the text field email in SignUpForm",
          "extractionState" : "manual",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "E-Mail ist erforderlich"
              }
            },
            "en" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Email is required"
              }
            },
            "fr" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "L'adresse e-mail est obligatoire"
              }
            }
          }
        },
        "SignUpForm.title" : {
          "comment" : "Title of the form SignUpForm",
          "extractionState" : "manual",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Konto erstellen"
              }
            },
            "en" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Create your account"
              }
            },
            "fr" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Créez votre compte"
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

    // MARK: Writing

    @Test func aNewCatalogIsWrittenAsXcodeWritesIt() throws {
        let expected = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "SignUpForm.email.placeholder" : {
              "comment" : "Placeholder of the text field email in SignUpForm",
              "extractionState" : "manual",
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "you@example.com"
                  }
                }
              }
            },
            "SignUpForm.email.required.message" : {
              "comment" : "Message of the rule required of the text field email in SignUpForm",
              "extractionState" : "manual",
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Email is required"
                  }
                }
              }
            },
            "SignUpForm.title" : {
              "comment" : "Title of the form SignUpForm",
              "extractionState" : "manual",
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Create your account"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
        #expect(try Self.merge(nil, Self.strings()) == expected)
    }

    @Test func anUnchangedRunGivesIdenticalBytes() throws {
        let first = try Self.merge(nil, Self.strings())
        #expect(try Self.merge(first, Self.strings()) == first)
    }

    @Test func anXcodeCatalogWithTranslationsKeepsItsBytes() throws {
        #expect(try Self.merge(Self.translated, Self.strings()) == Self.translated)
    }

    /// Xcode 26 writes version 1.1: such a catalog is merged, and keeps its version.
    @Test func aVersionOnePointOneCatalogIsMergedAndKeepsItsVersion() throws {
        let newer = Self.translated.replacingOccurrences(of: #""version" : "1.0""#, with: #""version" : "1.1""#)
        #expect(newer != Self.translated)
        #expect(try Self.merge(newer, Self.strings()) == newer)
    }

    /// Only the comment differs (the form's field changed kind, say): the
    /// comment is brought up to date and nothing else changes.
    @Test func aChangedCommentIsBroughtUpToDate() throws {
        let older = Self.translated.replacingOccurrences(
            of: "\"Placeholder of the text field email in SignUpForm\"", with: "\"Placeholder of the float label email in SignUpForm\""
        )
        #expect(older != Self.translated)
        #expect(try Self.merge(older, Self.strings()) == Self.translated)
    }

    /// A comment Xcode wrote itself (`isCommentAutoGenerated`) that formc
    /// replaces loses the mark, which would say Xcode wrote formc's; a comment
    /// formc keeps keeps it, as the entry keeps its bytes.
    @Test func aReplacedCommentIsNoLongerMarkedXcodes() throws {
        let entry = "\"Placeholder of the text field email in SignUpForm\",\n      \"extractionState\" : \"manual\","
        #expect(Self.translated.contains(entry))
        func marked(comment: String) -> String {
            Self.translated.replacingOccurrences(
                of: entry, with: "\"\(comment)\",\n      \"extractionState\" : \"manual\",\n      \"isCommentAutoGenerated\" : true,"
            )
        }
        #expect(try Self.merge(marked(comment: "An email address"), Self.strings()) == Self.translated)
        let kept = marked(comment: "Placeholder of the text field email in SignUpForm")
        #expect(kept.contains("isCommentAutoGenerated"))
        #expect(try Self.merge(kept, Self.strings()) == kept)
    }

    /// An owned entry whose keys a hand put out of Xcode's order: left as it is
    /// while the merge does not change it, written in Xcode's order once it does
    /// (SPEC §11: keys sorted), so that Xcode's next save changes nothing.
    @Test func aChangedEntryIsWrittenWithItsKeysInXcodesOrder() throws {
        let email = try #require(Self.translated.range(of: "    \"SignUpForm.email.placeholder\" : {"))
        let shuffledEntry = """
            "SignUpForm.email.placeholder" : {
              "extractionState" : "manual",
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "value" : "you@example.com",
                    "state" : "translated"
                  }
                },
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "du@beispiel.de"
                  }
                }
              },
              "comment" : "Placeholder of the text field email in SignUpForm"
            }
        """
        // The entry as `translated` has it, through its closing brace.
        let end = try #require(Self.translated[email.lowerBound...].range(of: "\n    },\n"))
        let closed = Self.translated.index(end.lowerBound, offsetBy: "\n    }".count)
        let shuffled = Self.translated.replacingCharacters(in: email.lowerBound..<closed, with: shuffledEntry)
        #expect(shuffled != Self.translated)
        // Unchanged by the merge: its bytes stay, out of order as they are.
        let unchanged = try Self.merge(shuffled, Self.strings())
        #expect(unchanged.contains(shuffledEntry))
        // Changed (a new placeholder): its keys in Xcode's order.
        let changed = try Self.merge(shuffled, Self.strings(Self.form.replacingOccurrences(of: "you@example.com", with: "me@example.com")))
        let entry = try #require(changed.range(of: "    \"SignUpForm.email.placeholder\" : {"))
        let written = changed[entry.lowerBound...]
        let keys = ["\"comment\"", "\"extractionState\"", "\"localizations\"", "\"de\"", "\"en\""]
        let places = keys.compactMap { written.range(of: $0)?.lowerBound }
        #expect(places.count == keys.count)
        #expect(places == places.sorted())
        #expect(written.contains("\"state\" : \"needs_review\",\n            \"value\" : \"du@beispiel.de\""))
    }

    @Test func theSourceLanguageComesFromTheOption() throws {
        let catalog = CatalogMerge.merge(try Self.strings(), forms: ["SignUpForm"], into: nil, sourceLanguage: "de")
        #expect(catalog.sourceLanguage == "de")
        #expect(catalog.entry("SignUpForm.title")?["localizations"]?["de"]?["stringUnit"]?["value"]?.string == "Create your account")
    }

    @Test func escapingIsXcodes() {
        let catalog = StringCatalogFile(root: .object([
            CatalogMember(key: "a\"b\\c", value: .string("line\nnext\ttab https://x.io/ü \u{1}")),
            CatalogMember(key: "empty", value: .object([])),
            CatalogMember(key: "flag", value: .literal("false")),
        ]))
        #expect(Self.text(catalog) == """
        {
          "a\\"b\\\\c" : "line\\nnext\\ttab https://x.io/ü \\u0001",
          "empty" : {

          },
          "flag" : false
        }
        """)
    }

    // MARK: Merging

    @Test func aNewKeyIsAddedInItsPlaceAndTranslationsAreKept() throws {
        let form = Self.form + "\n  - textField: company\n    placeholder: Company\n"
        let merged = try Self.read(Self.merge(Self.translated, Self.strings(form)))
        #expect(merged.entries.map(\.key) == [
            "SignUpForm.company.placeholder", "SignUpForm.email.placeholder", "SignUpForm.email.required.message", "SignUpForm.title",
        ])
        let company = try #require(merged.entry("SignUpForm.company.placeholder"))
        #expect(company["extractionState"]?.string == "manual")
        #expect(company["comment"]?.string == "Placeholder of the text field company in SignUpForm")
        #expect(company["localizations"]?["en"]?["stringUnit"]?["state"]?.string == "translated")
        #expect(merged.entry("SignUpForm.title")?["localizations"]?["fr"]?["stringUnit"]?["value"]?.string == "Créez votre compte")
    }

    @Test func aChangedSourceTextMarksItsTranslationsNeedsReview() throws {
        let form = Self.form.replacingOccurrences("title: Create your account", with: "title: Open an account")
        let merged = try Self.read(Self.merge(Self.translated, Self.strings(form)))
        let title = try #require(merged.entry("SignUpForm.title")?["localizations"])
        #expect(title["en"]?["stringUnit"]?["value"]?.string == "Open an account")
        #expect(title["en"]?["stringUnit"]?["state"]?.string == "translated")
        #expect(title["de"]?["stringUnit"]?["state"]?.string == "needs_review")
        #expect(title["de"]?["stringUnit"]?["value"]?.string == "Konto erstellen")
        #expect(title["fr"]?["stringUnit"]?["state"]?.string == "needs_review")
        // The other keys are untouched.
        #expect(merged.entry("SignUpForm.email.placeholder")?["localizations"]?["de"]?["stringUnit"]?["state"]?.string == "translated")
    }

    @Test func aKeyNoLongerProducedIsKeptAsStale() throws {
        let form = Self.form.replacingOccurrences("\n    rules: [required]", with: "")
        let text = try Self.merge(Self.translated, Self.strings(form))
        let merged = try Self.read(text)
        let entry = try #require(merged.entry("SignUpForm.email.required.message"))
        #expect(entry["extractionState"]?.string == "stale")
        #expect(entry["localizations"]?["de"]?["stringUnit"]?["value"]?.string == "E-Mail ist erforderlich")
        // Stale stays stale, byte for byte.
        #expect(try Self.merge(text, Self.strings(form)) == text)
        // Produced again, it is manual again.
        #expect(try Self.read(Self.merge(text, Self.strings())).entry("SignUpForm.email.required.message")?["extractionState"]?.string == "manual")
    }

    /// Keys are matched by their Unicode scalars, as the app's bundle looks them
    /// up: an entry whose key is a form's in another normalization (`é` as `e`
    /// and U+0301) is not that key's, in the merge and in the lint.
    @Test func keysAreMatchedByTheirScalars() throws {
        let form = """
        formc: 1
        form: NForm
        elements:
          - picker: p
            title: P
            options: ["x\u{E9}", "y"]
        """
        let composed = Array("NForm.p.option.x\u{E9}".unicodeScalars)
        let decomposed = "NForm.p.option.xe\u{301}"
        let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "\(decomposed)" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "X"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
        let strings = try Self.strings(form)
        #expect(strings.contains { Array($0.key.unicodeScalars) == composed })
        let merged = try Self.read(Self.merge(catalog, strings, forms: ["NForm"]))
        let members = try #require(merged.root["strings"]?.members)
        #expect(members.contains { Array($0.key.unicodeScalars) == composed })
        let old = try #require(members.first { Array($0.key.unicodeScalars) == Array(decomposed.unicodeScalars) })
        #expect(old.value["extractionState"]?.string == "stale")
        #expect(merged.entry(decomposed)?["extractionState"]?.string == "stale")

        // Both spellings in one catalog are two keys to the reader too: an app's
        // entry written its own way keeps its bytes through the next merge.
        let compact = #""App.compact" : {"extractionState":"manual","localizations":{}}"#
        let both = try Self.merge(catalog, strings, forms: ["NForm"])
            .replacingOccurrences("  \"strings\" : {\n", with: "  \"strings\" : {\n    " + compact + ",\n")
        #expect(try Self.merge(both, strings, forms: ["NForm"]).contains(compact))

        let lint = CatalogLint.check(
            try Self.read(catalog), at: "Localizable.xcstrings",
            forms: [CatalogLint.FormStringsInput(path: "n.form.yaml", form: "NForm", strings: strings)]
        )
        #expect(lint.contains { $0.message == "'\(decomposed)' is not used by any form" })
    }

    @Test func keysXcodeExtractedFromCodeAreLeftAlone() throws {
        let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Cancel" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Abbrechen"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
        let merged = try Self.read(Self.merge(catalog, Self.strings()))
        #expect(merged.entries.map(\.key) == ["Cancel", "SignUpForm.email.placeholder", "SignUpForm.email.required.message", "SignUpForm.title"])
        #expect(merged.entry("Cancel")?["extractionState"] == nil)
    }

    /// The app's keys in a catalog formc merges into: manual ones, one that
    /// looks like a form's but is not an input's, one with no dot after a
    /// form's name, and one that begins with it but is a longer name.
    static let appEntries = """
        "AddressForm.street.placeholder" : {
          "extractionState" : "manual",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Straße"
              }
            }
          }
        },
        "Cancel" : {
          "comment" : "A button that closes a sheet",
          "extractionState" : "manual",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Abbrechen"
              }
            }
          }
        },
        "SignUpForm" : {
          "extractionState" : "manual"
        },
        "SignUpFormHeader.title" : {
          "extractionState" : "manual"
        },
    """

    /// formc owns the keys of the forms merged (`SignUpForm.`): the app's keys
    /// keep their bytes and stay `manual` however they look, and each line of
    /// the catalog is still in the output, in its order.
    @Test func theAppsKeysAreLeftAloneWhateverTheirState() throws {
        let catalog = Self.translated.replacingOccurrences("  \"strings\" : {\n", with: "  \"strings\" : {\n" + Self.appEntries + "\n")
        let form = Self.form.replacingOccurrences("\n    rules: [required]", with: "")
        let text = try Self.merge(catalog, Self.strings(form))
        let merged = try Self.read(text)
        for key in ["AddressForm.street.placeholder", "Cancel", "SignUpForm", "SignUpFormHeader.title"] {
            #expect(merged.entry(key)?["extractionState"]?.string == "manual", "\(key)")
        }
        #expect(merged.entry("SignUpForm.email.required.message")?["extractionState"]?.string == "stale")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var next = lines.startIndex
        for line in catalog.split(separator: "\n", omittingEmptySubsequences: false) where !line.contains("\"manual\"") {
            next = try #require(lines[next...].firstIndex(of: line), "'\(line)' is not in the output") + 1
        }
    }

    /// A key of the forms merged that they no longer produce is stale,
    /// whatever its extraction state was.
    @Test func anOwnedKeyNoLongerProducedIsStaleWhateverItsState() throws {
        let catalog = Self.translated.replacingOccurrences("  \"strings\" : {\n", with: """
          "strings" : {
            "SignUpForm.old.title" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Alt"
                  }
                }
              }
            },

        """)
        let merged = try Self.read(Self.merge(catalog, Self.strings()))
        #expect(merged.entry("SignUpForm.old.title")?["extractionState"]?.string == "stale")
        #expect(merged.entry("SignUpForm.old.title")?["localizations"]?["de"]?["stringUnit"]?["value"]?.string == "Alt")
    }

    @Test func variationsOfAChangedStringNeedReviewToo() throws {
        let catalog = Self.translated.replacingOccurrences("""
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Konto erstellen"
                  }
                },
        """, with: """
                "de" : {
                  "variations" : {
                    "device" : {
                      "mac" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Konto anlegen"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "Konto erstellen"
                        }
                      }
                    }
                  }
                },
        """)
        #expect(try Self.merge(catalog, Self.strings()) == catalog)
        let form = Self.form.replacingOccurrences("title: Create your account", with: "title: Open an account")
        let merged = try Self.read(Self.merge(catalog, Self.strings(form)))
        let device = merged.entry("SignUpForm.title")?["localizations"]?["de"]?["variations"]?["device"]
        #expect(device?["mac"]?["stringUnit"]?["state"]?.string == "needs_review")
        #expect(device?["other"]?["stringUnit"]?["state"]?.string == "needs_review")
    }

    @Test func severalFormsGoIntoOneCatalog() throws {
        let other = try Self.strings("formc: 1\nform: AddressForm\nelements:\n  - textField: street\n    placeholder: Street\n")
        let merged = try Self.read(Self.merge(nil, Self.strings() + other, forms: ["SignUpForm", "AddressForm"]))
        #expect(merged.entries.map(\.key) == [
            "AddressForm.street.placeholder", "SignUpForm.email.placeholder", "SignUpForm.email.required.message", "SignUpForm.title",
        ])
    }

    // MARK: Key order

    @Test func keysSortAsXcodeSortsThem() {
        let keys = ["Form.staticText.10", "Form.staticText.2", "Form.b", "Form.A", "Form.a", "Form.a.x", "Form._x", "Form.9"]
        #expect(keys.sorted(by: XcodeKeyOrder.precedes) == [
            "Form._x", "Form.9", "Form.a", "Form.A", "Form.a.x", "Form.b", "Form.staticText.2", "Form.staticText.10",
        ])
        #expect(XcodeKeyOrder.precedes("de", "de-CH") && XcodeKeyOrder.precedes("de-CH", "en") && XcodeKeyOrder.precedes("en", "zh-Hans"))
        // The orders the merge writes its own members in.
        #expect(XcodeKeyOrder.precedes("comment", "extractionState") && XcodeKeyOrder.precedes("extractionState", "localizations"))
        #expect(XcodeKeyOrder.precedes("state", "value"))
    }

    // MARK: Reading

    /// The one-pass reader gives what reading the syntax tree gives: the values
    /// (escapes resolved, numbers and literals as written) and each key's line
    /// and column, after a byte-order mark and non-ASCII text on the key's line.
    @Test func theOnePassReaderReadsWhatTheTreeReaderReads() throws {
        let text = "\u{FEFF}" + #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "caf\u00e9 \ud83d\ude00" : { "comment" : "é \"q\" \/ \\ \n\t", "extractionState" : "manual" },
            "n" : { "x" : [ -1.5e3, 0, true, false, null, [ ], { } ], "ü" : { "y" : "ö", "z" : 2 } }
          },
          "version" : "1.0"
        }
        """#
        let file = SourceFile(path: "Localizable.xcstrings", text: text)
        let (json, range) = try #require(StringCatalogFile.parse(file))
        var diagnostics = DiagnosticBag(file: file.path)
        let (tree, treeRange) = try #require(StringCatalogFile.parseTree(file, diagnostics: &diagnostics))
        #expect(json == tree)
        #expect(range == treeRange)
        func positions(_ value: CatalogJSON) -> [String] {
            switch value {
            case .object(let members): members.flatMap { ["\($0.key)@\($0.line):\($0.column)"] + positions($0.value) }
            case .array(let items): items.flatMap(positions)
            case .string, .literal: []
            }
        }
        #expect(positions(json).contains("ü@5:63") && positions(json).contains("z@5:82"))
        #expect(json["strings"]?["café 😀"]?["comment"]?.string == "é \"q\" / \\ \n\t")
        #expect(json["strings"]?["n"]?["x"] == .array([
            .literal("-1.5e3"), .literal("0"), .literal("true"), .literal("false"), .literal("null"), .array([]), .object([]),
        ]))
    }

    /// An empty catalog and one with a comment are told what a catalog is, not
    /// what a form is: the catalog's help, then "restore the catalog".
    @Test func anEmptyOrCommentedCatalogGetsACatalogsHelp() throws {
        #expect(try Self.onlyFC603("").map(\.help) == Array(repeating: [
            #"a String Catalog is an object with "sourceLanguage", "strings" and "version""#,
            "restore the catalog from version control, or delete it to write a new one",
        ], count: 2))
        let commented = "{\n  // note\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}"
        #expect(try Self.onlyFC603(commented).map { $0.help.first } == Array(repeating: "remove the comment: a String Catalog is JSON, which has none", count: 2))
        // A form's JSON is still told about forms.
        var diagnostics = DiagnosticBag(file: "a.form.json")
        _ = JSONReader.read(SourceFile(path: "a.form.json", text: ""), limits: CompilerLimits(), diagnostics: &diagnostics)
        #expect(diagnostics.diagnostics.first?.help.first == "a form needs at least the keys 'formc', 'form' and 'elements'")
    }

    /// What the one-pass reader rejects gets JSONReader's diagnostic, as FC603.
    @Test func aDuplicateKeyOrTooDeepNestingIsNotACatalog() {
        let many = (0..<12).map { "\"k\($0)\" : { }" }.joined(separator: ", ")
        let texts = [
            ("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : { \"comment\" : \"x\",\n \"comment\" : \"y\" } } }", 2),
            ("{ \"sourceLanguage\" : \"en\", \"strings\" : { \(many),\n \"k7\" : { } } }", 2),
            ("{ \"sourceLanguage\" : \"en\", \"strings\" : { }, \"x\" : " + String(repeating: "[", count: 80) + String(repeating: "]", count: 80) + " }", 1),
        ]
        for (text, line) in texts {
            let file = SourceFile(path: "Localizable.xcstrings", text: text)
            #expect(StringCatalogFile.parse(file) == nil)
            var diagnostics = DiagnosticBag(file: file.path)
            #expect(StringCatalogFile.read(file, diagnostics: &diagnostics) == nil)
            #expect(diagnostics.diagnostics.map(\.code) == [.invalidCatalog])
            #expect(diagnostics.diagnostics.first?.location.range.start.line == line)
        }
        // A duplicate key's diagnostic says where the first one is.
        var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
        _ = StringCatalogFile.read(SourceFile(path: "Localizable.xcstrings", text: texts[0].0), diagnostics: &diagnostics)
        #expect(diagnostics.diagnostics.first?.notes.map { "\($0.message) \($0.location?.range.start.line ?? 0):\($0.location?.range.start.column ?? 0)" } == [
            "first defined here 1:50",
        ])
    }

    /// The diagnostic of reading `text`, whichever way it is read (its entries
    /// deferred or not): the catalog is rejected with that one FC603.
    static func onlyFC603(_ text: String) throws -> [Diagnostic] {
        try [false, true].map { deferringEntries in
            var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
            let catalog = StringCatalogFile.read(
                SourceFile(path: "Localizable.xcstrings", text: text), deferringEntries: deferringEntries, diagnostics: &diagnostics
            )
            #expect(catalog == nil)
            #expect(diagnostics.diagnostics.map(\.code) == [.invalidCatalog])
            return try #require(diagnostics.diagnostics.first)
        }
    }

    /// An escape that is no Unicode scalar (a lone surrogate) is FC603 at the
    /// escape, whichever way the catalog is read, in a key or a value, where a
    /// form's JSON reads it as U+FFFD; a surrogate pair is its character.
    @Test(arguments: [
        (#""value" : "Caf\ud800""#, 27, #"\ud800"#),
        (#""value" : "\udc00x""#, 24, #"\udc00"#),
        (#""value" : "a\ud83d\u0041""#, 25, #"\ud83d"#),
        (#""value" : "a\ud83d""#, 25, #"\ud83d"#),
        (#""value\uDBFF" : "a""#, 19, #"\uDBFF"#),
    ])
    func aLoneSurrogateIsFC603AtTheEscape(member: String, column: Int, escape: String) throws {
        let text = Self.translated.replacingOccurrences(#""value" : "Konto erstellen""#, with: member)
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(member) }) + 1
        for diagnostic in try Self.onlyFC603(text) {
            #expect(diagnostic.message == "not a valid String Catalog: the escape '\(escape)' is a lone surrogate, which is no Unicode character")
            #expect(diagnostic.help.first == #"write the character itself, or both halves of its surrogate pair (\ud83d\ude00)"#)
            #expect(diagnostic.location.range.start == SourcePosition(line: line, column: column))
        }
        #expect(try Self.read(Self.translated.replacingOccurrences(#""Konto erstellen""#, with: #""Konto \ud83d\ude00""#))
            .entry("SignUpForm.title")?["localizations"]?["de"]?["stringUnit"]?["value"]?.string == "Konto \u{1F600}")
    }

    /// A number beyond a `Double`, in a key formc does not know, is FC603 at the
    /// number, whichever way the catalog is read: Foundation's reader, with
    /// which an app reads the catalog (FormRuntime's `StringCatalog` too),
    /// rejects the file for it. The largest finite number and one too small
    /// to tell from zero are JSON to it, and kept as written.
    @Test(arguments: ["1e400", "-1e400", "1.8e308", String(repeating: "9", count: 400)])
    func aNumberBeyondADoubleIsFC603AtTheNumber(number: String) throws {
        let member = #""x" : "# + number + ","
        let text = Self.translated.replacingOccurrences(of: #""comment" : "Title of the form SignUpForm","#, with: member + "\n      " + #""comment" : "Title of the form SignUpForm","#)
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(member) }) + 1
        for diagnostic in try Self.onlyFC603(text) {
            #expect(diagnostic.message.hasPrefix("not a valid String Catalog: the number '\(number)' is beyond the largest a Double holds"))
            #expect(diagnostic.location.range.start == SourcePosition(line: line, column: 13))
            // What to write comes first; the catalog's general help after it.
            #expect(diagnostic.help == [
                "write a smaller number, or the value as a string",
                "restore the catalog from version control, or delete it to write a new one",
            ])
        }
        for kept in ["1.7976931348623157e308", "1e-400"] {
            let text = Self.translated.replacingOccurrences(
                of: #""comment" : "Title of the form SignUpForm","#, with: #""x" : "# + kept + ",\n      " + #""comment" : "Title of the form SignUpForm","#
            )
            #expect(try Self.read(text).entry("SignUpForm.title")?["x"] == .literal(kept))
        }
    }

    @Test(arguments: [
        ("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : {\n", 5, "not a valid String Catalog: "),
        ("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : [ ]\n}", 3, "not a valid String Catalog: 'strings' is not an object"),
        ("{\n  \"strings\" : {\n\n  }\n}", 1, "not a valid String Catalog: 'sourceLanguage' is missing"),
        ("{\n  \"sourceLanguage\" : \"\",\n  \"strings\" : {\n\n  }\n}", 2, "not a valid String Catalog: 'sourceLanguage' is '', which is no language code"),
        ("{\n  \"sourceLanguage\" : \"en US\",\n  \"strings\" : {\n\n  }\n}", 2, "not a valid String Catalog: 'sourceLanguage' is 'en US', which is no language code"),
        ("[ ]", 1, "not a valid String Catalog: the top level is not an object"),
        ("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n  },\n  \"version\" : \"2.0\"\n}", 5,
         "not a valid String Catalog: its 'version' is '2.0', and formc reads String Catalogs of version 1 (1.0, 1.1)"),
        ("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n  },\n  \"version\" : 1\n}", 5,
         "not a valid String Catalog: 'version' is not a string"),
        ("""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated"
                  }
                }
              }
            }
          }
        }
        """, 7, "not a valid String Catalog: the 'de' stringUnit of 'a' has no string 'value'"),
    ])
    func whatIsNotACatalogIsFC603AtItsLine(text: String, line: Int, message: String) {
        for deferringEntries in [false, true] {
            var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
            let catalog = StringCatalogFile.read(
                SourceFile(path: "Localizable.xcstrings", text: text), deferringEntries: deferringEntries, diagnostics: &diagnostics
            )
            #expect(catalog == nil)
            #expect(diagnostics.diagnostics.map(\.code) == [.invalidCatalog])
            #expect(diagnostics.diagnostics.first?.location.range.start.line == line)
            #expect(diagnostics.diagnostics.first?.message.hasPrefix(message) == true, "\(diagnostics.diagnostics.map(\.message))")
        }
    }
}

extension String {
    /// Foundation's replacement, failing the test when the text is not there.
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        precondition(contains(target), "the test's text has no '\(target)'")
        return replacingOccurrences(of: target, with: replacement)
    }
}
