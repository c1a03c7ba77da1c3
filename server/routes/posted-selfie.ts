// A selfie posted as multipart/form-data (the older search, a face removal): its text fields checked with the
// call's schema, the file present and under UPLOAD_MAX_BYTES (SPEC §5's words), or the refusal to answer.
import type { Context } from 'hono';
import * as v from 'valibot';
import { UPLOAD_MAX_BYTES } from '../../core/constants';
import { refuse, respond } from '../services/outcome';
import { refusal } from './validate';

export async function postedSelfie<S extends v.GenericSchema>(
  c: Context,
  fieldsSchema: S,
): Promise<{ ok: true; fields: v.InferOutput<S>; bytes: Uint8Array } | { ok: false; response: Response }> {
  const form = await c.req.parseBody().catch(() => undefined);
  if (!form) {
    return {
      ok: false,
      response: respond(c, refuse(400, 'send the photo as multipart/form-data', { field: 'file' })),
    };
  }
  const fields = v.safeParse(
    fieldsSchema,
    Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string')),
  );
  if (!fields.success) return { ok: false, response: c.json(refusal(fields.issues), 400) };
  const file = form.file;
  if (!(file instanceof File)) {
    return { ok: false, response: respond(c, refuse(400, 'file: is required', { field: 'file' })) };
  }
  if (file.size >= UPLOAD_MAX_BYTES) {
    const tooLarge = refuse(413, 'please upload file smaller than 5MB', {
      field: 'file',
      code: 'too-large',
      th: 'กรุณาอัปโหลดไฟล์ที่มีขนาดเล็กกว่า 5MB',
    });
    return { ok: false, response: respond(c, tooLarge) };
  }
  return { ok: true, fields: fields.output, bytes: new Uint8Array(await file.arrayBuffer()) };
}
