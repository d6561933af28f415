import { remainingMs } from '@assess/contracts/learner';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { visuallyHidden } from '../../components/visuallyHidden';
import { formatTimeLeft, spokenTimeLeft } from './clock';

/** Milliseconds left before the server's deadline, ticking each second; `onExpire` once at zero. */
export function useTimeLeft(deadline: string, offsetMs: number, onExpire: () => void) {
  const [left, setLeft] = useState(() => remainingMs({ deadline, offsetMs, clientNow: Date.now() }));
  const expire = useRef(onExpire);
  expire.current = onExpire;
  const fired = useRef(false);
  useEffect(() => {
    const tick = () => {
      const ms = remainingMs({ deadline, offsetMs, clientNow: Date.now() });
      setLeft(ms);
      if (ms <= 0 && !fired.current) {
        fired.current = true;
        expire.current();
      }
    };
    tick();
    // a quarter-second tick keeps the shown second within 250 ms of the true one
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [deadline, offsetMs]);
  return left;
}

/**
 * The countdown (shown when the test shows the timer). role="timer" is not announced on every tick; the last
 * five minutes and the last minute are announced once through the polite live region.
 */
export function Timer({ ms }: { ms: number }) {
  const warn = ms <= 5 * 60_000;
  const minute = ms <= 60_000;
  const announce = minute ? 'One minute left' : warn ? 'Five minutes left' : '';
  return (
    <Box
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        fontWeight: 600,
        fontVariantNumeric: 'tabular-nums',
        bgcolor: warn ? 'error.main' : 'action.selected',
        color: warn ? 'error.contrastText' : 'text.primary',
      }}
    >
      <TimerOutlinedIcon fontSize="small" aria-hidden />
      <span role="timer" aria-label={`Time left: ${spokenTimeLeft(ms)}`} data-testid="time-left">
        {formatTimeLeft(ms)}
      </span>
      <Box component="span" sx={visuallyHidden} aria-live="polite">
        {announce}
      </Box>
    </Box>
  );
}
