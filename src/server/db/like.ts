// LIKE patterns from what a person typed: their own % and _ (and the escape character) match literally.

/** `text` with LIKE's wildcards escaped by a backslash, PostgreSQL's default escape character. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern matching any text that contains `text`. */
export const containing = (text: string) => `%${escapeLike(text)}%`;
