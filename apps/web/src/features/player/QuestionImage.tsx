import Box from '@mui/material/Box';

/** An image of the attempt's question (question, passage or choice), never wider than its column. */
export function QuestionImage({
  src,
  alt,
  maxHeight = 280,
}: {
  src: string | null;
  alt: string;
  maxHeight?: number;
}) {
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      sx={{ display: 'block', maxWidth: '100%', maxHeight, height: 'auto', mt: 1, borderRadius: 1 }}
    />
  );
}
