// The demo question bank's content: trees and questions (every type × content type, all three statuses).
import { ContentType, QuestionStatus, QuestionType } from '@assess/contracts/questions';

export type Node = { name: string; children?: Node[] };
export type Draft = {
  code: string;
  topic: string;
  questionType: number;
  contentType: number;
  text: string | null;
  image?: string;
  choices?: (string | { image: string })[];
  correct?: number[];
  numeric?: number;
  solutionText?: string;
  hint?: string;
  paragraphText?: string;
  status: number;
  difficulty: number;
  points: number;
};

const { MCQ, SCQ, TrueFalse, Numerical } = QuestionType;
const { Text, LaTeX, Html } = ContentType;
const { Draft: D, Ready: R, Published: P } = QuestionStatus;

/** Demo ERP Institute: two categories, topics three levels deep (leaf names are where questions go). */
export const erpTree: (Node & { category: true })[] = [
  {
    category: true,
    name: 'Science',
    children: [
      {
        name: 'Physics',
        children: [
          { name: 'Mechanics', children: [{ name: 'Motion' }] },
          { name: 'Electricity', children: [{ name: 'Circuits' }] },
        ],
      },
      { name: 'Biology', children: [{ name: 'Cell Biology', children: [{ name: 'Cell Structure' }] }] },
      { name: 'Chemistry', children: [{ name: 'Periodic Table', children: [{ name: 'Noble Gases' }] }] },
    ],
  },
  {
    category: true,
    name: 'Mathematics',
    children: [
      { name: 'Algebra', children: [{ name: 'Quadratic Equations', children: [{ name: 'Roots' }] }] },
      {
        name: 'Geometry',
        children: [
          { name: 'Triangles', children: [{ name: 'Pythagoras' }] },
          { name: 'Mensuration', children: [{ name: 'Circles' }] },
        ],
      },
      { name: 'Arithmetic', children: [{ name: 'Number Sense', children: [{ name: 'Primes' }] }] },
    ],
  },
];

export const partnerTree: (Node & { category: true })[] = [
  {
    category: true,
    name: 'General Knowledge',
    children: [
      { name: 'World Geography', children: [{ name: 'Capitals' }] },
      { name: 'Indian History', children: [{ name: 'Freedom Struggle' }] },
      { name: 'Everyday Science' },
    ],
  },
];

/** Statuses of the five variants of each type × content type: two Draft, two Ready, one Published. */
const variantStatus = [D, D, R, R, P];

/** 60 ERP questions: every type × content type, five variants each (text, LaTeX, HTML, images). */
export function erpQuestions(): Draft[] {
  const out: Draft[] = [];
  for (let i = 1; i <= 5; i++) {
    const status = variantStatus[i - 1];
    const difficulty = ((i - 1) % 3) + 1;
    const points = i;
    const base = { status, difficulty, points };
    const k = i + 1;
    // Text
    out.push({
      ...base,
      code: `MTH-MCQ-TXT-${i}`,
      topic: 'Primes',
      questionType: MCQ,
      contentType: Text,
      text: `Which of these numbers are divisible by ${k}?`,
      choices: [String(k * 3), String(k * 3 + 1), String(k * 5), String(k * 7 + 1)],
      correct: i === 1 ? [] : [1, 3],
      hint: 'Divide each number and look at the remainder.',
    });
    out.push({
      ...base,
      code: `MTH-SCQ-TXT-${i}`,
      topic: 'Primes',
      questionType: SCQ,
      contentType: Text,
      text: `What is ${6 + i} × ${7 + i}?`,
      choices: [
        String((6 + i) * (7 + i) - 2),
        String((6 + i) * (7 + i)),
        String((6 + i) * (7 + i) + 2),
        String((6 + i) * (8 + i)),
      ],
      correct: [2],
      solutionText: `${6 + i} × ${7 + i} = ${(6 + i) * (7 + i)}.`,
    });
    out.push({
      ...base,
      code: `SCI-TF-TXT-${i}`,
      topic: 'Motion',
      questionType: TrueFalse,
      contentType: Text,
      text:
        i % 2
          ? 'An object at rest stays at rest unless a force acts on it.'
          : 'Speed and velocity always have the same value.',
      correct: [i % 2 ? 1 : 2],
    });
    out.push({
      ...base,
      code: `MTH-NUM-TXT-${i}`,
      topic: 'Primes',
      questionType: Numerical,
      contentType: Text,
      text: `How many prime numbers are there between 1 and ${10 * i}?`,
      numeric: [4, 8, 10, 12, 15][i - 1],
      hint: 'A prime has exactly two divisors.',
    });
    // LaTeX
    out.push({
      ...base,
      code: `MTH-MCQ-TEX-${i}`,
      topic: 'Roots',
      questionType: MCQ,
      contentType: LaTeX,
      text: `Which of the following are roots of $x^2 - ${i + 2 + i}x + ${i * (i + 2)} = 0$?`,
      choices: [`$x = ${i}$`, `$x = ${i + 2}$`, `$x = -${i}$`, `$x = ${i * (i + 2) + 1}$`],
      correct: [1, 2],
      solutionText: `$$x^2 - ${2 * i + 2}x + ${i * (i + 2)} = (x - ${i})(x - ${i + 2})$$`,
    });
    out.push({
      ...base,
      code: `MTH-SCQ-TEX-${i}`,
      topic: 'Roots',
      questionType: SCQ,
      contentType: LaTeX,
      text: `Evaluate \\(\\int_0^{${i}} 2x\\,dx\\).`,
      choices: [`$${i * i + 3}$`, `$${i * i}$`, `$${2 * i * i}$`, `$\\frac{${i * i}}{2}$`],
      correct: [2],
    });
    out.push({
      ...base,
      code: `MTH-TF-TEX-${i}`,
      topic: 'Pythagoras',
      questionType: TrueFalse,
      contentType: LaTeX,
      text: i % 2 ? `$\\sqrt{${i + 1}^2}$ is a rational number.` : '$\\sqrt{2}$ is a rational number.',
      correct: [i % 2 ? 1 : 2],
    });
    out.push({
      ...base,
      code: `MTH-NUM-TEX-${i}`,
      topic: i === 3 ? 'Circles' : 'Pythagoras',
      questionType: Numerical,
      contentType: LaTeX,
      text:
        i === 3
          ? 'A circle has radius $r = 7$. Using $\\pi \\approx \\frac{22}{7}$, find its area $A = \\pi r^2$.'
          : `In the right triangle, $a = ${3 * i}$ and $b = ${4 * i}$. Find $c$ where $$a^2 + b^2 = c^2$$`,
      image: i === 3 ? 'circle.png' : 'triangle.png',
      numeric: i === 3 ? 154 : 5 * i,
    });
    // HTML
    out.push({
      ...base,
      code: `SCI-MCQ-HTM-${i}`,
      topic: 'Noble Gases',
      questionType: MCQ,
      contentType: Html,
      text: '<p>Which of these are <strong>noble gases</strong>?</p>',
      choices: ['<p>Helium</p>', '<p>Oxygen</p>', '<p>Neon</p>', '<p><em>Nitrogen</em></p>'],
      correct: [1, 3],
      solutionText: '<p>Noble gases are in <u>group 18</u>: He, Ne, Ar, Kr, Xe, Rn.</p>',
    });
    out.push({
      ...base,
      code: `SCI-SCQ-HTM-${i}`,
      topic: 'Circuits',
      questionType: SCQ,
      contentType: Html,
      text: `<p>Look at the circuit. What current flows when the battery gives <strong>${12 * i} V</strong>?</p><ul><li>Use Ohm's law: <em>I = V / R</em></li></ul>`,
      image: 'circuit.png',
      choices: [`<p>${i} A</p>`, `<p>${3 * i} A</p>`, `<p>${6 * i} A</p>`, `<p>${48 * i} A</p>`],
      correct: [2],
      paragraphText: '<p>The resistor in the circuit is <strong>4 Ω</strong>.</p>',
    });
    out.push({
      ...base,
      code: `SCI-TF-HTM-${i}`,
      topic: 'Cell Structure',
      questionType: TrueFalse,
      contentType: Html,
      text: i === 2 ? null : '<p>In the picture, part <strong>B</strong> is the <u>nucleus</u>.</p>',
      image: 'cell.png',
      correct: [1],
    });
    out.push({
      ...base,
      code: `SCI-NUM-HTM-${i}`,
      topic: i % 2 ? 'Motion' : 'Circuits',
      questionType: Numerical,
      contentType: Html,
      text:
        i % 2
          ? '<p>The bar chart shows sales per quarter. What is the value for <strong>Q4</strong>?</p>'
          : `<p>A resistor of <strong>${2 * i} Ω</strong> carries <strong>3 A</strong>. What is the voltage in volts?</p>`,
      image: i % 2 ? 'bar-chart.png' : undefined,
      numeric: i % 2 ? 120 : 6 * i,
    });
  }
  // One question whose choices are pictures.
  out.push({
    code: 'MTH-SCQ-IMG-1',
    topic: 'Circles',
    questionType: SCQ,
    contentType: Text,
    text: 'Which picture shows a circle?',
    choices: [{ image: 'triangle.png' }, { image: 'circle.png' }, { image: 'bar-chart.png' }],
    correct: [2],
    status: R,
    difficulty: 1,
    points: 1,
  });
  return out;
}

export function partnerQuestions(): Draft[] {
  const base = { status: P, difficulty: 2, points: 2 };
  const capitals: [string, string, string[]][] = [
    ['France', 'Paris', ['Lyon', 'Paris', 'Nice', 'Lille']],
    ['Japan', 'Tokyo', ['Osaka', 'Kyoto', 'Tokyo', 'Nagoya']],
    ['Australia', 'Canberra', ['Sydney', 'Canberra', 'Perth', 'Melbourne']],
    ['Canada', 'Ottawa', ['Ottawa', 'Toronto', 'Vancouver', 'Montreal']],
  ];
  return [
    ...capitals.map(([country, capital, choices], i) => ({
      ...base,
      code: `GK-CAP-${i + 1}`,
      topic: 'Capitals',
      questionType: SCQ,
      contentType: Text,
      text: `What is the capital of ${country}?`,
      choices,
      correct: [choices.indexOf(capital) + 1],
    })),
    {
      ...base,
      code: 'GK-HIS-1',
      topic: 'Freedom Struggle',
      questionType: TrueFalse,
      contentType: Text,
      text: 'India became independent in 1947.',
      correct: [1],
    },
    {
      ...base,
      code: 'GK-HIS-2',
      topic: 'Freedom Struggle',
      questionType: MCQ,
      contentType: Html,
      text: '<p>Which of these leaders took part in the <strong>Salt March</strong>?</p>',
      choices: ['<p>Mahatma Gandhi</p>', '<p>Sarojini Naidu</p>', '<p>Queen Victoria</p>'],
      correct: [1, 2],
    },
    {
      ...base,
      code: 'GK-HIS-3',
      topic: 'Freedom Struggle',
      questionType: Numerical,
      contentType: Text,
      text: 'In which year was the Salt March?',
      numeric: 1930,
    },
    {
      ...base,
      code: 'GK-SCI-1',
      topic: 'Everyday Science',
      questionType: SCQ,
      contentType: LaTeX,
      text: 'Water boils at sea level at $T = ?$',
      choices: ['$90^\\circ C$', '$100^\\circ C$', '$110^\\circ C$'],
      correct: [2],
    },
    {
      ...base,
      code: 'GK-SCI-2',
      topic: 'Everyday Science',
      questionType: Numerical,
      contentType: LaTeX,
      text: 'How many minutes are there in $2\\frac{1}{2}$ hours?',
      numeric: 150,
    },
    {
      ...base,
      code: 'GK-SCI-3',
      topic: 'Everyday Science',
      questionType: TrueFalse,
      contentType: Html,
      text: '<p>The graph shows speed <em>increasing</em> with time.</p>',
      image: 'graph.png',
      correct: [1],
    },
  ];
}
