import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const xsdPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server/integrations/tax/bp21-bulk.xsd');

/** libxml2's (xmllint, as WebAssembly, offline) verdict on a Bp21Bulk file against the committed schema. */
export async function validateBp21Bulk(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({
    xml: [{ fileName: 'bp21.xml', contents: xml }],
    schema: [{ fileName: 'bp21-bulk.xsd', contents: fs.readFileSync(xsdPath, 'utf8') }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}
