// The maths splitter lives in the contracts (the server's question paper PDF splits text the same way).
export { hasMath, type MathSegment, splitMath } from '@assess/contracts/questions';
