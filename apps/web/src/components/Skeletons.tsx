import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import { createContext, type ReactNode, useContext } from 'react';
import { visuallyHidden } from './visuallyHidden';

/** Set inside a skeleton region, so nested skeletons draw their shapes without announcing again. */
const InsideSkeleton = createContext(false);

export type SkeletonGroupProps = { label: string; sx?: SxProps<Theme>; children: ReactNode };

/**
 * One live region per loading screen: says `label` once to screen readers and hides the grey shapes from
 * them. Skeletons inside it (or inside another skeleton) only draw their shapes, so a page can group
 * several (e.g. cards and charts) under one 'Loading the dashboard'.
 */
export function SkeletonGroup({ label, sx, children }: SkeletonGroupProps) {
  const nested = useContext(InsideSkeleton);
  if (nested) return <Box sx={sx}>{children}</Box>;
  return (
    <InsideSkeleton.Provider value={true}>
      <Box role="status" aria-busy="true" data-testid="skeleton">
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
        <Box aria-hidden sx={sx}>
          {children}
        </Box>
      </Box>
    </InsideSkeleton.Provider>
  );
}

/** Column templates of the card grids (the dashboard uses the same ones, so loaded cards land in place). */
export const cardColumns = {
  /** Small figure cards: as many columns of at least 220 px as fit (one on phones), sharing the row. */
  figure: 'repeat(auto-fit, minmax(220px, 1fr))',
  /** Charts and text cards: 1 column below 960 px, 2 above. */
  wide: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
} as const;

export type GridSkeletonProps = {
  /** Read by screen readers while the rows load; 'Loading' by default. */
  label?: string;
  /** Placeholder rows (8 by default). */
  rows?: number;
  /** The grid's fixed height, as given to PagedGrid (500 by default). */
  height?: number;
};

/** The shape of a PagedGrid (header, rows, footer) while its first page loads. */
export function GridSkeleton({ label = 'Loading', rows = 8, height = 500 }: GridSkeletonProps) {
  return (
    <SkeletonGroup label={label}>
      <Paper
        variant="outlined"
        sx={{ height, overflow: 'hidden', display: 'flex', flexDirection: 'column', minWidth: 0 }}
      >
        <Box sx={{ display: 'flex', gap: 3, px: 2, py: 1.75, bgcolor: 'grey.50' }}>
          {[22, 30, 18, 24].map((w) => (
            <Skeleton key={w} variant="text" sx={{ width: `${w}%`, fontSize: 14 }} />
          ))}
        </Box>
        <Box sx={{ flex: 1, overflow: 'hidden' }}>
          {Array.from({ length: rows }, (_, i) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              key={i}
              sx={{ display: 'flex', gap: 3, px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
            >
              {[22, 30, 18, 24].map((w) => (
                <Skeleton key={w} variant="text" sx={{ width: `${w - (i % 3) * 3}%`, fontSize: 14 }} />
              ))}
            </Box>
          ))}
        </Box>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            px: 2,
            py: 1.5,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Skeleton variant="text" sx={{ width: 200, fontSize: 14 }} />
        </Box>
      </Paper>
    </SkeletonGroup>
  );
}

const barHeights = [55, 80, 40, 95, 65, 30];

function CardShape({ variant, height }: { variant: CardsSkeletonProps['variant']; height?: number }) {
  return (
    <Paper variant="outlined" sx={{ p: variant === 'chart' ? 2 : 2.5, minWidth: 0, height }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: variant === 'chart' ? 1 : 1.5 }}>
        {variant === 'figure' && <Skeleton variant="circular" width={24} height={24} />}
        <Skeleton variant="text" sx={{ width: '45%', fontSize: 16 }} />
      </Box>
      {variant === 'figure' && (
        <>
          <Skeleton variant="text" sx={{ width: 90, fontSize: 28, lineHeight: 1.2 }} />
          <Skeleton variant="text" sx={{ width: 70, fontSize: 14 }} />
          <Skeleton variant="text" sx={{ width: '55%', fontSize: 12, lineHeight: 1.66, mt: 1.5 }} />
        </>
      )}
      {variant === 'chart' && (
        <Box sx={{ height: 300, display: 'flex', alignItems: 'flex-end', gap: 2, px: 2, pb: 1 }}>
          {barHeights.map((h) => (
            <Skeleton key={h} variant="rounded" sx={{ flex: 1, height: `${h}%` }} />
          ))}
        </Box>
      )}
      {variant === 'text' &&
        [90, 75, 82].map((w) => <Skeleton key={w} variant="text" sx={{ width: `${w}%`, fontSize: 14 }} />)}
    </Paper>
  );
}

export type CardsSkeletonProps = {
  /** Read by screen readers while the cards load; 'Loading' by default. */
  label?: string;
  /** How many cards (3 by default). */
  count?: number;
  /** figure: icon, title, a big number and its label; chart: title and bars; text: title and lines. */
  variant?: 'figure' | 'chart' | 'text';
  /** gridTemplateColumns of the card grid; cardColumns.figure for figures, cardColumns.wide otherwise. */
  columns?: string | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', string>>;
  /** A fixed card height in px, when the loaded cards have one. */
  height?: number;
};

/** A grid of cards (figures, charts or text) while their data loads. */
export function CardsSkeleton({
  label = 'Loading',
  count = 3,
  variant = 'figure',
  columns = variant === 'figure' ? cardColumns.figure : cardColumns.wide,
  height,
}: CardsSkeletonProps) {
  return (
    <SkeletonGroup label={label} sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns }}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
        <CardShape key={i} variant={variant} height={height} />
      ))}
    </SkeletonGroup>
  );
}

export type PageSkeletonProps = {
  /** Read by screen readers while the page loads; 'Loading' by default. */
  label?: string;
  /** Draw a toolbar row (search field and buttons) under the title; true by default. */
  toolbar?: boolean;
  /** The body's shape: a GridSkeleton by default (most pages are a toolbar and a grid). */
  children?: ReactNode;
};

/** A whole page while its code or first query loads: title, toolbar, then a grid (or `children`). */
export function PageSkeleton({ label = 'Loading', toolbar = true, children }: PageSkeletonProps) {
  return (
    <SkeletonGroup label={label} sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Skeleton variant="text" sx={{ width: 260, maxWidth: '70%', fontSize: 28 }} />
      {toolbar && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Skeleton variant="rounded" sx={{ flex: '1 1 220px', maxWidth: 360, height: 40 }} />
          <Skeleton variant="rounded" sx={{ width: 96, height: 40, marginInlineStart: 'auto' }} />
        </Box>
      )}
      {children ?? <GridSkeleton />}
    </SkeletonGroup>
  );
}
