import type { Readable } from 'node:stream';
import { testLimits } from '@assess/contracts/tests';
import sharp from 'sharp';
import type { FrozenSection } from '../../db/schema';
import type { QuestionSnapshot } from '../learner';
import type { PaperSection } from './paper.pdf';

/** What the paper reads of a question version snapshot (the learner module's stored shape). */
type Snapshot = Pick<
  QuestionSnapshot,
  'question_type' | 'content_type' | 'text' | 'image_id' | 'paragraph_text' | 'paragraph_image_id' | 'choices'
>;
export type ImageOpener = (imageId: number) => Promise<{ stream: Readable }>;

const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8;
const isPng = (b: Buffer) => b[0] === 0x89 && b[1] === 0x50;

/** An image's bytes as pdfkit takes them (JPEG or PNG; anything else sharp decodes becomes PNG); null if unreadable. */
async function imageBytes(open: ImageOpener, imageId: number | null): Promise<Buffer | null> {
  if (!imageId) return null;
  try {
    const { stream } = await open(imageId);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    if (isJpeg(bytes) || isPng(bytes)) return bytes;
    return await sharp(bytes, { limitInputPixels: 40_000_000 }).png().toBuffer();
  } catch {
    return null;
  }
}

/**
 * The paper form's sections as the question paper prints them: the frozen order, each question from the version
 * the form froze (never the question as edited later), its images' bytes, the section's choice format.
 */
export async function paperSections(
  sections: readonly FrozenSection[],
  versions: readonly { versionId: number; snapshot: unknown }[],
  open: ImageOpener,
): Promise<PaperSection[]> {
  const byId = new Map(versions.map((v) => [v.versionId, v.snapshot as Snapshot]));
  return Promise.all(
    sections.map(async (s) => ({
      name: s.name,
      choiceFormat: s.questions[0]?.choiceFormat ?? testLimits.choiceFormatDefault,
      questions: await Promise.all(
        s.questions.flatMap((q) => {
          const snap = byId.get(q.versionId);
          if (!snap) return [];
          return [
            (async () => ({
              questionType: snap.question_type,
              contentType: snap.content_type,
              text: snap.text,
              paragraphText: snap.paragraph_text,
              image: await imageBytes(open, snap.image_id),
              paragraphImage: await imageBytes(open, snap.paragraph_image_id),
              choices: await Promise.all(
                (snap.choices ?? []).map(async (c) => ({
                  text: c.text,
                  image: await imageBytes(open, c.image),
                })),
              ),
              points: q.points,
            }))(),
          ];
        }),
      ),
    })),
  );
}
