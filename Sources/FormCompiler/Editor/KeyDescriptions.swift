/// One line about each key, element kind and rule, for hover and completion.
///
/// A table of its own for now: the JSON Schema of `formc schema` describes the same
/// keys, and the two are to become one table beside `KeySchema`.
enum KeyDescriptions {
    static let documentKeys: [String: String] = [
        "formc": "The format version. Required; only `1` exists.",
        "form": "The generated Swift type's name (UpperCamelCase). Required.",
        "title": "The form's title, shown by renderers and used in messages.",
        "validateOn": "When fields' rules run as the user edits: `change`, `blur`, `blurAfterChange` (default), `changeAfterBlur` or `submit`.",
        "elements": "The form's elements, a non-empty list: groups, fields, spacers, static text and segues.",
    ]

    static let kinds: [String: String] = [
        "group": "A section of elements. The value is an optional id; `elements` is required.",
        "boolean": "A switch holding a `Bool`. The value is the field id; `title` is required.",
        "segment": "A short single choice, a generated enum. The value is the field id; `options` (two or more) is required.",
        "textField": "A one-line text field holding a `String`. The value is the field id.",
        "floatLabel": "A text field whose label floats above the value. The value is the field id; `label` is required.",
        "textView": "A multi-line text field holding a `String`. The value is the field id.",
        "spacer": "Empty space. The value is the height in points (a number ≥ 0).",
        "staticText": "Text shown as it is. The value is the text.",
        "segue": "A row that leads elsewhere. The value is the action id; `title` is required.",
    ]

    static let elementKeys: [String: String] = [
        "title": "The text shown with the element (a group's header, a switch's or row's text).",
        "footer": "Text shown below the group.",
        "layout": "How the group is laid out: `intrinsic`, or `{constantHeight: N}`.",
        "insets": "The group's insets: `{top, left, bottom, right}` in points.",
        "icon": "The name of an image asset shown with the element.",
        "accessoryIcon": "The name of an image asset shown at the end of the row.",
        "default": "The field's initial value.",
        "options": "The choices: `{value, title}`, `{value, image}` or a bare string each; values are unique.",
        "enumName": "The generated enum's name (UpperCamelCase); by default the UpperCamelCase of the field id.",
        "placeholder": "Text shown while the field is empty.",
        "label": "The field's label.",
        "secure": "Whether the text is hidden as it is typed (`true`/`false`).",
        "keyboard": "The keyboard: `default`, `email`, `number`, `decimal`, `phone` or `url`.",
        "contentType": "What the text is, for autofill (`email`, `password`, `oneTimeCode`, …).",
        "autocapitalization": "Automatic capitals: `none`, `words`, `sentences` or `all`.",
        "continuous": "Whether the value updates on every keystroke (default `true`).",
        "maxInputLength": "The most characters the field accepts as the user types.",
        "multiline": "Whether the value may span several lines.",
        "alignment": "The text's alignment: `leading`, `center` or `trailing`.",
        "visibleWhen": "A condition: the element is shown only while it holds (`plan == 'pro'`, `not newsletter`).",
        "enabledWhen": "A condition: the element can be edited only while it holds.",
        "rules": "The field's validation rules, run in order: `required`, `minLength`, `maxLength`, `pattern`, `email`, `url`, `sameAs`, `custom`.",
        "validateOn": "When this field's rules run as the user edits; overrides the form's `validateOn`.",
    ]

    static let styleByKind: [String: String] = [
        "group": "The group's style: `plain` (default) or `grouped`.",
        "staticText": "The text's style: `body`, `footnote`, `caption` or `headline`.",
    ]

    static let rules: [String: String] = [
        "required": "Fails when the value is empty: text empty after trimming, a boolean `false`, a segment with nothing selected.",
        "minLength": "Fails when the text has fewer Characters than N (an integer ≥ 0).",
        "maxLength": "Fails when the text has more Characters than N (an integer ≥ 0).",
        "pattern": "Fails when the whole text does not match the regular expression (Swift `Regex`).",
        "email": "Fails when the text is not an email address `local@domain.tld`.",
        "url": "Fails when the text is not an absolute `http` or `https` URL with a host.",
        "sameAs": "Fails when the value differs from another field's of the same value type (the parameter is its id).",
        "custom": "Fails when the app's async validator of this name says so (a lowerCamelCase name).",
        "message": "The message shown when the rule fails, instead of the default one.",
    ]

    static let optionKeys: [String: String] = [
        "value": "The option's value; it becomes an enum case (lowerCamelCase of the value).",
        "title": "The option's text.",
        "image": "The name of an image asset shown instead of text.",
    ]

    static let insetKeys: [String: String] = [
        "top": "The top inset in points.", "left": "The left inset in points.",
        "bottom": "The bottom inset in points.", "right": "The right inset in points.",
    ]

    /// The description of `key` in a mapping of `role`.
    static func describe(_ key: String, in role: SyntaxIndex.MappingRole) -> String? {
        switch role {
        case .document: return documentKeys[key]
        case .element(let kind):
            if let description = kinds[key] { return description }
            if key == "style", let kind { return styleByKind[ElementKind.keywords[kind]] }
            return elementKeys[key]
        case .rule: return rules[key]
        case .option: return optionKeys[key]
        case .insets: return insetKeys[key]
        case .layout: return key == "constantHeight" ? "The group's fixed height in points." : nil
        case .unknown: return nil
        }
    }
}
