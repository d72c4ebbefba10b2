// Build step (astro.config.mjs, a Vite plugin): a page rendered whole (`experimentalDisableStreaming`)
// is written into bytes as it renders (src/server/page-bytes.ts) instead of one long string encoded
// at the end (issue #24: flattening that string cost ~1 ms of the profile page under load). Astro's
// renderPage gets the bytes and their Content-Length; every other caller of renderToString (slots,
// the container API) keeps its string.
import path from 'node:path';

const RENDER_MODULE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]astro[\\/]render\.js$/;
const PAGE_MODULE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]page\.js$/;
const RUNTIME = path.resolve(import.meta.dirname, '../src/server/page-bytes.ts');

const RENDER_TO_STRING = 'async function renderToString(result, componentFactory, props, children, isPage = false, route) {';
const RENDER_EXPORTS = 'export {\n  bufferHeadContent,';
const PAGE_CALL = 'body = await renderToString(result, componentFactory, props, children, true, route);';
const PAGE_IMPORT = 'import { renderToAsyncIterable, renderToReadableStream, renderToString } from "./astro/render.js";';
const PAGE_ENCODE = `if (!streaming && typeof body === "string") {
    body = encoder.encode(body);
    headers.set("Content-Length", body.byteLength.toString());
  }`;

const renderToBytes = `async function renderToBytes(result, componentFactory, props, children, isPage = false, route) {
  const templateResult = await callComponentAsTemplateResultOrResponse(result, componentFactory, props, children, route);
  if (templateResult instanceof Response) return templateResult;
  const out = new PageBytes();
  let renderedFirstPageChunk = false;
  if (isPage) {
    await bufferHeadContent(result);
  }
  await renderStreaming(templateResult, result, {
    write(chunk) {
      if (isPage && !renderedFirstPageChunk) {
        renderedFirstPageChunk = true;
        if (!result.partial && !DOCTYPE_EXP.test(String(chunk))) {
          out.write(result.compressHTML ? "<!DOCTYPE html>" : "<!DOCTYPE html>\\n");
        }
      }
      if (chunk instanceof Response) return;
      out.write(\`\${chunkToString(result, chunk)}\`);
    }
  });
  return out.bytes();
}
`;

function replaceOnce(ctx, code, anchor, replacement, id) {
  // Astro changed its code: fail the build rather than silently encode pages as one string again.
  if (!code.includes(anchor)) ctx.error(`page-bytes: "${anchor.split('\n')[0]}" not found in ${id}`);
  return code.replace(anchor, replacement);
}

export function pageBytes() {
  return {
    name: 'portal:page-bytes',
    transform(code, id) {
      if (RENDER_MODULE.test(id)) {
        let out = replaceOnce(this, code, RENDER_TO_STRING, `${renderToBytes}${RENDER_TO_STRING}`, id);
        out = replaceOnce(this, out, RENDER_EXPORTS, `${RENDER_EXPORTS}\n  renderToBytes,`, id);
        return { code: `import { PageBytes } from ${JSON.stringify(RUNTIME)};\n${out}`, map: null };
      }
      if (PAGE_MODULE.test(id)) {
        let out = replaceOnce(this, code, PAGE_IMPORT, PAGE_IMPORT.replace('renderToString }', 'renderToString, renderToBytes }'), id);
        out = replaceOnce(this, out, PAGE_CALL, PAGE_CALL.replace('renderToString', 'renderToBytes'), id);
        out = replaceOnce(
          this,
          out,
          PAGE_ENCODE,
          `if (!streaming && body instanceof Uint8Array) {
    headers.set("Content-Length", body.byteLength.toString());
  }`,
          id,
        );
        return { code: out, map: null };
      }
      return null;
    },
  };
}
