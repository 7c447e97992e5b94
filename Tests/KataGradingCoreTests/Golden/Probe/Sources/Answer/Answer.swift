// The probe's legacy module: one function, and one planted variant of it, switched by the run
// hook as the grader's generated schemata switch the kata's (`Schemata`).
@_silgen_name("kata_shadow_variant") fileprivate func _kataShadowVariant() -> Int32

public func answer() -> String {
    _kataShadowVariant() == 1 ? "41" : "42"
}
