// The text measures and the escaping of control characters that both fronts' toolkits share.
@_exported import TerminalText
