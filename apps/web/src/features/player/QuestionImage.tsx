import Box from '@mui/material/Box';

/**
 * An image of the attempt's question (question, passage or choice), never wider than its column; the learner's
 * evaluation shows the same images (`maxHeight`, `spacing` its own).
 */
export function QuestionImage({
  src,
  alt,
  maxHeight = 280,
  spacing = { mt: 1 },
}: {
  src: string | null;
  alt: string;
  maxHeight?: number;
  spacing?: { mt: number } | { my: number };
}) {
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      sx={{ display: 'block', maxWidth: '100%', maxHeight, height: 'auto', borderRadius: 1, ...spacing }}
    />
  );
}
