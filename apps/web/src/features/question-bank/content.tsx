import { ContentType, questionImageUrl } from '@assess/contracts/questions';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { RichContentFormat } from '../../components/RichContent';

/** How a question's texts are written, by its content type (1 Text, 3 LaTeX, 4 HTML). */
export const formatOf = (contentType: number): RichContentFormat =>
  contentType === ContentType.Html ? 'html' : contentType === ContentType.LaTeX ? 'latex' : 'text';

/** An uploaded question image (question, solution, paragraph or choice). */
export function QuestionImage({
  imageId,
  alt,
  maxHeight = 260,
  sx,
}: {
  imageId: number | null | undefined;
  alt: string;
  maxHeight?: number;
  sx?: SxProps<Theme>;
}) {
  if (!imageId) return null;
  return (
    <Box
      component="img"
      src={questionImageUrl(imageId)}
      alt={alt}
      loading="lazy"
      sx={[
        { display: 'block', maxWidth: '100%', maxHeight, height: 'auto', borderRadius: 1 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
