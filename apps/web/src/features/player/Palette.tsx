import type { SavedAnswer } from '@assess/contracts/learner';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TOUCH_PX } from '../../components/touch';
import { isAnswered } from './answers';
import { canJumpTo, type PlayerPageSlice } from './pagination';
import { PALETTE_ID } from './paletteFocus';

type Props = {
  pages: PlayerPageSlice[];
  current: number;
  answers: Map<number, SavedAnswer>;
  navigationAllowed: boolean;
  showBookmark: boolean;
  onJump: (pageIndex: number) => void;
};

function Swatch({ answered, label }: { answered: boolean; label: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Box
        aria-hidden
        sx={{
          width: 14,
          height: 14,
          borderRadius: 0.5,
          border: 1,
          borderColor: 'primary.main',
          bgcolor: answered ? 'primary.main' : 'background.paper',
        }}
      />
      <span>{label}</span>
    </Stack>
  );
}

/**
 * Every question of the attempt by number, grouped by section: filled when answered, outlined when not, a
 * bookmark mark when bookmarked; the questions of the page on screen wear a ring (answered or not, so a student
 * always sees where they are). A number goes to its page (only forward when the test does not allow navigation).
 * Each button says its state to screen readers; each is a 44 px touch target.
 */
export function Palette({ pages, current, answers, navigationAllowed, showBookmark, onJump }: Props) {
  const sections: { name: string; pages: PlayerPageSlice[] }[] = [];
  for (const p of pages) {
    const last = sections.at(-1);
    if (last && last.pages[0]?.sectionIndex === p.sectionIndex) last.pages.push(p);
    else sections.push({ name: p.sectionName, pages: [p] });
  }
  const all = pages.flatMap((p) => p.questions);
  const answered = all.filter((q) => isAnswered(answers.get(q.questionId))).length;
  const marked = all.filter((q) => answers.get(q.questionId)?.bookmarked).length;

  return (
    <Box
      component="nav"
      id={PALETTE_ID}
      aria-label="Question palette"
      data-testid="palette"
      // scrolled to from the sticky bar: its top must not end under the bar
      sx={{ position: { md: 'sticky' }, top: { md: 72 }, scrollMarginTop: 128 }}
    >
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Questions
      </Typography>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mb: 1.5, fontSize: 13, color: 'text.secondary' }}
      >
        <Swatch answered label={`Answered ${answered}`} />
        <Swatch answered={false} label={`Unanswered ${all.length - answered}`} />
        {showBookmark && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <BookmarkIcon aria-hidden sx={{ fontSize: 16, color: 'warning.dark' }} />
            <span>Bookmarked {marked}</span>
          </Stack>
        )}
      </Stack>
      {sections.map((s) => (
        <Box key={`${s.pages[0]?.index}`} sx={{ mb: 1.5 }}>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
            {s.name}
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0.5, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1.25 }}
          >
            {s.pages.flatMap((p) =>
              p.questions.map((q) => {
                const a = answers.get(q.questionId);
                const done = isAnswered(a);
                const here = p.index === current;
                const state = `${done ? 'answered' : 'unanswered'}${a?.bookmarked ? ', bookmarked' : ''}`;
                return (
                  <li key={q.questionId}>
                    <ButtonBase
                      focusRipple
                      disabled={!here && !canJumpTo(current, p.index, navigationAllowed)}
                      aria-current={here ? 'step' : undefined}
                      aria-label={`Question ${q.number}, ${state}`}
                      data-state={state}
                      onClick={() => !here && onJump(p.index)}
                      sx={{
                        position: 'relative',
                        width: TOUCH_PX,
                        height: TOUCH_PX,
                        borderRadius: 1,
                        border: 2,
                        fontWeight: 600,
                        borderColor: here ? 'text.primary' : 'primary.main',
                        bgcolor: done ? 'primary.main' : 'background.paper',
                        color: done ? 'primary.contrastText' : 'primary.main',
                        // the page on screen: a ring outside the button (a gap of the paper, then the text colour)
                        boxShadow: here
                          ? (t) =>
                              `0 0 0 2px ${t.palette.background.paper}, 0 0 0 4px ${t.palette.text.primary}`
                          : undefined,
                        '&.Mui-disabled': { opacity: 0.55 },
                        '&.Mui-focusVisible': {
                          outline: 3,
                          outlineColor: 'secondary.main',
                          outlineOffset: 2,
                        },
                      }}
                    >
                      {q.number}
                      {a?.bookmarked && (
                        <BookmarkIcon
                          aria-hidden
                          sx={{
                            position: 'absolute',
                            top: -8,
                            right: -6,
                            fontSize: 18,
                            color: 'warning.dark',
                          }}
                        />
                      )}
                    </ButtonBase>
                  </li>
                );
              }),
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
