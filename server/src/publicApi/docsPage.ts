type Json = Record<string, unknown>;

const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function typeOf(schema: Json | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return String(schema.$ref).split('/').pop()!;
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ');
  if (schema.contentMediaType) return 'file';
  const base = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
  if (schema.pattern) return `${base} (${schema.pattern})`;
  if (schema.minimum !== undefined || schema.maximum !== undefined) return `${base} ${schema.minimum ?? ''}…${schema.maximum ?? ''}`;
  return base;
}

function fieldTable(schema: Json | undefined, components: Json): string {
  const resolved = schema?.$ref ? (components[String(schema.$ref).split('/').pop()!] as Json) : schema;
  const props = (resolved?.properties ?? {}) as Record<string, Json>;
  const required = new Set((resolved?.required as string[] | undefined) ?? []);
  const rows = Object.entries(props).map(
    ([name, p]) => `<tr><td><code>${esc(name)}</code>${required.has(name) ? ' *' : ''}</td><td>${esc(typeOf(p))}</td><td>${esc(p.description ?? '')}</td></tr>`,
  );
  return rows.length ? `<table><thead><tr><th>field</th><th>type</th><th>meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table>` : '';
}

/**
 * The readable API reference (`GET /api/docs`): the OpenAPI document (openapi.ts) rendered as plain HTML, with
 * remove.bg-style curl examples. No script, so the strict Content-Security-Policy holds.
 */
export function renderDocsPage(doc: Json, origin: string): string {
  const components = ((doc.components as Json).schemas ?? {}) as Json;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const sections: string[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const body = (op.requestBody as Json | undefined)?.content as Record<string, { schema?: Json }> | undefined;
      const first = body ? Object.entries(body)[0] : undefined;
      const responses = Object.entries((op.responses ?? {}) as Record<string, Json>)
        .map(([status, r]) => `<li><strong>${esc(status)}</strong> ${esc(r.description)}</li>`)
        .join('');
      sections.push(`<section id="${esc(op.operationId)}"><h3><code>${esc(method.toUpperCase())} ${esc(path)}</code></h3>
<p>${esc(op.summary)}</p>${op.description ? `<p>${esc(op.description)}</p>` : ''}
${first ? `<p>Body: <code>${esc(Object.keys(body!).join(', '))}</code></p>${fieldTable(first[1].schema, components)}` : ''}
<ul>${responses}</ul></section>`);
    }
  }
  const o = esc(origin);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Lumacut API reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}pre{background:#f4f4f4;padding:1rem;overflow:auto}code{font-size:.95em}</style>
</head><body><h1>Lumacut API reference</h1>
<p>${esc((doc.info as Json).description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${esc(doc.openapi)}). API keys: <a href="/en/account">your account page</a>.</p>
<h2>Examples (as for remove.bg: only the host changes)</h2>
<pre>curl -H 'X-Api-Key: YOUR_KEY' -F 'image_file=@photo.jpg' -F 'size=auto' -f ${o}/v1.0/removebg -o no-bg.png
curl -H 'X-Api-Key: YOUR_KEY' -F 'image_url=https://example.com/photo.jpg' -F 'bg_color=81d4fa' -F 'format=jpg' ${o}/v1.0/removebg -o blue.jpg
curl -H 'X-Api-Key: YOUR_KEY' -H 'Accept: application/json' -d 'image_file_b64=…' -d 'crop=true' -d 'crop_margin=10%' ${o}/v1.0/removebg
curl -H 'X-Api-Key: YOUR_KEY' ${o}/v1.0/account
curl -F 'file=@photo.jpg' ${o}/api/remove -o no-bg.png   # rembg clients</pre>
<h2>Calls</h2>${sections.join('\n')}</body></html>`;
}
