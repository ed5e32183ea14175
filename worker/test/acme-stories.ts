// A week of news about one company, for the story-thread tests (issue 24): the same two stories told by
// three outlets in their own words, and unrelated stories that share the company's name. The Worker tests
// (worker/stories/stories.test.ts) and the browser test (e2e/stories.e2e.test.ts) read the same feeds.

/** The recall story's title in the first outlet, the one whose card stands for the story. */
export const RECALL = 'Acme recalls 1.2 million cars over faulty brake sensors';

export const ACME_OUTLETS: { name: string; items: [title: string, text: string][] }[] = [
  {
    name: 'Wire',
    items: [
      [
        RECALL,
        'Acme Motors is recalling 1.2 million sedans worldwide because a faulty brake sensor can delay emergency braking, the carmaker said on Monday. Owners will be contacted by dealers from next month.',
      ],
      [
        'Acme chief executive resigns after accounting probe',
        'The chief executive of Acme Motors stepped down on Tuesday after an internal investigation found irregularities in how the carmaker booked revenue from its leasing unit, the board announced.',
      ],
      [
        'Acme opens battery plant in Ohio',
        'Acme Motors opened a battery factory near Columbus that will employ 900 people and supply cells for its electric pickup from next spring, the state governor said at the ribbon cutting.',
      ],
    ],
  },
  {
    name: 'Daily',
    items: [
      [
        'Brake sensor fault forces Acme to recall 1.2m sedans',
        'Carmaker Acme Motors said on Monday it would recall 1.2 million sedans around the world after finding a faulty brake sensor that can delay emergency braking. Dealers will contact owners next month.',
      ],
      [
        'Acme boss quits as accounts inquiry widens',
        "Acme Motors' chief executive has resigned following an internal investigation into revenue booked by the carmaker's leasing unit, the company's board said on Tuesday, naming the finance chief as interim leader.",
      ],
    ],
  },
  {
    name: 'Blog',
    items: [
      [
        "Acme's 1.2 million car recall: what the brake sensor fault means",
        'Acme Motors is recalling 1.2 million sedans after a faulty brake sensor was found to delay emergency braking. Dealers will start contacting owners next month, the carmaker said.',
      ],
      [
        'Acme CEO out after probe into leasing revenue',
        'Acme Motors announced on Tuesday that its chief executive resigned after an internal investigation found irregularities in revenue booked by the leasing unit; the board named the finance chief interim leader.',
      ],
      [
        'Acme sponsors the city marathon',
        'The carmaker Acme Motors will sponsor the city marathon for the next three years, the organisers said, with electric pace cars leading the runners along the river route.',
      ],
    ],
  },
];
