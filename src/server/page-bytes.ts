// A page's HTML as UTF-8 bytes, written chunk by chunk as Astro renders it (scripts/page-bytes.mjs
// puts it in place of Astro's `str += chunk`). Astro built one string of ~1,000 chunks per page and
// encoded it at the end; under load that string's pieces had outlived several young-generation
// collections, and flattening them before the encode cost about 1 ms of the profile page's
// 3.3–5 ms of server CPU (issue #24). Here small chunks are joined while fresh and encoded in
// batches of BATCH characters into one growing buffer; a large chunk (the inline styles) is
// encoded as it is.

const encoder = new TextEncoder();
/** Characters collected before a batch is encoded: few encode calls, a short-lived string. */
const BATCH = 4096;
/** Most pages are 50–130 KB; a larger one doubles the buffer (one copy). */
const INITIAL_BYTES = 128 * 1024;

export class PageBytes {
  #buffer: Uint8Array = new Uint8Array(INITIAL_BYTES);
  #length = 0;
  #pending = '';

  write(chunk: string): void {
    // A large chunk (the inline styles) is encoded as it is, not copied into the pending text first.
    if (chunk.length >= BATCH && this.#pending) this.#drain();
    this.#pending += chunk;
    if (this.#pending.length >= BATCH) this.#drain();
  }

  /**
   * Encodes the pending text but a last character that is the first half of a pair (its second
   * half is in the next chunk): it waits, so the pair is encoded whole. Reading that character
   * flattens the text once, which the encoder would do anyway.
   */
  #drain(): void {
    const text = this.#pending;
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.#pending = text.slice(-1);
      this.#encode(text.slice(0, -1));
    } else {
      this.#pending = '';
      this.#encode(text);
    }
  }

  /** The page as bytes (a view of the buffer); a lone first half of a pair at the very end is encoded as U+FFFD. */
  bytes(): Uint8Array {
    if (this.#pending) this.#encode(this.#pending);
    this.#pending = '';
    return this.#buffer.subarray(0, this.#length);
  }

  #encode(text: string): void {
    let rest = text;
    for (;;) {
      const { read, written } = encoder.encodeInto(rest, this.#buffer.subarray(this.#length));
      this.#length += written;
      if (read === rest.length) return;
      rest = rest.slice(read);
      // At most three bytes a UTF-16 unit.
      let size = this.#buffer.length * 2;
      while (size - this.#length < rest.length * 3) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.#buffer.subarray(0, this.#length));
      this.#buffer = grown;
    }
  }
}
