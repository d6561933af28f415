/** A part of a multipart body: a text field, or a file under `field` with its name and bytes. */
export type MultipartPart =
  | { field: string; value: string }
  | { field: string; fileName: string; content: Buffer };

/**
 * A multipart/form-data body exactly as a browser's FormData sends it (parts in order), for app.inject:
 * `const { payload, headers } = await multipartBody([...])`.
 */
export async function multipartBody(parts: MultipartPart[]) {
  const form = new FormData();
  for (const p of parts) {
    if ('value' in p) form.append(p.field, p.value);
    else form.append(p.field, new Blob([new Uint8Array(p.content)]), p.fileName);
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}
