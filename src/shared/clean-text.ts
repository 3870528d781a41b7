/** ES2024 string methods (Node 20+); the project's lib is ES2023. */
type Es2024String = string & { isWellFormed(): boolean; toWellFormed(): string };

/**
 * Text PostgreSQL can store: no NUL (text and jsonb refuse it) and no unpaired UTF-16 surrogate
 * (jsonb refuses its `\uD800` escape; text would silently store U+FFFD). The server's input
 * boundary refuses or strips such strings; the telemetry ingest strips them.
 */
export function hasBadText(s: string): boolean {
  return s.includes('\0') || !(s as Es2024String).isWellFormed();
}

/** `s` without NUL characters, with each lone surrogate replaced by U+FFFD. */
export function cleanText(s: string): string {
  return (s.replaceAll('\0', '') as Es2024String).toWellFormed();
}
