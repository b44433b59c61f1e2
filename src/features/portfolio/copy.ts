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
  footer: (client: string) =>
    `${client} is a fictional business. This site is a concept demo made by Palmetto Web Studio to show how we build.`,
} as const;
