/** The learner's Web Push opt-in control (issue 6); renders nothing where push is unsupported. */
export function PushOptIn() {
  return null;
}
