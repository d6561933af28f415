/**
 * The least height (and width, for icon buttons) of a control a finger must hit: 44 px, as WCAG 2.5.5 and the
 * platforms' guidelines ask. Students take tests on phones, so the learner pages and the player use it throughout.
 */
export const TOUCH_PX = 44;
