/** Words the portfolio pages and the demo template use; project copy lives in src/content/portfolio. */
export const PORTFOLIO = {
  conceptBadge: 'Concept project',
  conceptNote:
    'These are concept builds: fictional local businesses we designed and built to show how we work, each with a live demo you can open. Figures are measured on the demos.',
  teaserNote: 'Concept builds for fictional local businesses: real code, live demos, measured figures.',
  problemTitle: 'The problem',
  builtTitle: 'What we built',
  resultsTitle: 'Results, measured',
  testimonialTitle: 'What the client says',
  liveDemo: 'See the live demo',
  readCaseStudy: 'Read the case study',
  previous: 'Previous project',
  next: 'Next project',
  ctaTitle: 'Want a site that works this hard?',
  ctaText: 'Tell us about your business. We will show you what we would build, and what it costs.',
  noImages: 'Screenshots coming soon',
  phoneAlt: (client: string) => `The ${client} demo site on a phone`,
  phone2Alt: (client: string) => `The ${client} demo site on a phone, scrolled further down`,
  fullAlt: (client: string) => `The whole ${client} demo page on a desktop screen, top to bottom`,
  capturesTitle: 'The site on a laptop and a phone',
  desktopAlt: (client: string) => `The ${client} demo site on a desktop screen`,
} as const;

export const DEMO = {
  banner: 'Concept demo by Palmetto Web Studio',
  bannerLink: 'read the case study',
  hoursTitle: 'Hours',
  areasTitle: 'Areas we serve',
  callLabel: 'Call',
  textLabel: 'Text',
  requestTitle: 'Send a request',
  requestLead: 'Leave your details and we will get back to you within one business day.',
  formName: 'Your name',
  formPhone: 'Phone number',
  formMessage: 'How can we help?',
  formSend: 'Send request',
  formOff: 'This is a demo: the form is switched off and sends nothing.',
  /** Above each layout's steps. */
  stepsTitle: {
    booking: 'How booking works',
    programs: 'How it starts',
    emergency: 'What happens when you call',
  },
  bookTitle: 'Book a visit',
  pricesNote: 'Prices in US dollars, before tax.',
  portraitLabel: (name: string, role: string) => `Drawn portrait of ${name}, ${role}`,
  emergencyBar: 'Emergency line, answered day and night',
  footer: (client: string) =>
    `${client} is a fictional business. This site is a concept demo made by Palmetto Web Studio to show how we build.`,
} as const;
