import { describe, expect, it } from 'vitest';
import { messageTemplateTypes } from '../../src/contract/enums.ts';
import {
  defaultTemplates,
  isTemplateType,
  renderTemplate,
  renderedTemplate,
  templateLabel,
  templateProblems,
  templateValues,
} from '../../src/domain/messages/message-templates.ts';

const store = {
  name: 'Main Street Tire',
  phoneNumber: '5550102000',
  timeZone: 'Eastern Standard Time',
  googleReviewUrl: 'https://g.page/r/main',
  yelpReviewUrl: null,
};

describe('message templates', () => {
  it('have default words for every template type of the spec, naming only known placeholders', () => {
    const types = messageTemplateTypes.values.filter(isTemplateType);
    expect(Object.keys(defaultTemplates).sort()).toEqual([...types].sort());
    for (const type of types) expect(templateProblems(defaultTemplates[type as keyof typeof defaultTemplates], 1600)).toEqual({});
  });

  it("are named by the spec's label where it gives one, else by their words spaced", () => {
    expect(templateLabel('ServiceThankYou')).toBe('Post-Appointment Thank You');
    expect(templateLabel('AppointmentReminder')).toBe('Appointment Reminder');
    expect(templateLabel('CustomerStopTextConfirmation')).toBe('Customer Stop Text Confirmation');
  });

  it('fill in each placeholder; one the message has no value for leaves nothing; braces that name no placeholder stay', () => {
    expect(
      renderTemplate('Hi {customerName}, see you {appointmentDate} at {storeName}. {notAPlaceholder}', { customerName: 'Dana', storeName: 'Main Street Tire' }),
    ).toBe('Hi Dana, see you at Main Street Tire. {notAPlaceholder}');
  });

  it("read dates and times in the store's zone, the same on every device", () => {
    const values = templateValues({
      store,
      customer: { firstName: 'Dana', lastName: 'Reyes' },
      appointmentAt: '2030-06-04T14:30:00.000Z',
      vehicle: { year: 2019, make: 'Honda', model: 'Civic' },
    });
    expect(values).toEqual({
      customerName: 'Dana',
      storeName: 'Main Street Tire',
      storePhone: '(555) 010-2000',
      vehicle: '2019 Honda Civic',
      reviewLink: 'https://g.page/r/main',
      appointmentDate: 'Tue, Jun 4, 2030',
      appointmentTime: '10:30 AM',
      ratingLink: '',
      ratingRequest: '',
      inspectionReportLink: '',
    });
  });

  it("ask for a rating with the visit's link only when there is one", () => {
    const link = 'https://app.example.com/rating?visit=abc';
    expect(templateValues({ store, ratingLink: link })).toMatchObject({ ratingLink: link, ratingRequest: `How did we do? Rate your visit: ${link}` });
    expect(renderTemplate('Thanks! {ratingRequest}', templateValues({ store }))).toBe('Thanks!');
  });

  it('greet a sender who is no customer by the name they gave, else as "there"', () => {
    expect(templateValues({ store, name: 'Sam' }).customerName).toBe('Sam');
    expect(templateValues({ store }).customerName).toBe('there');
  });

  it("use the store's own words when it has them", () => {
    const own = [
      {
        templateType: 'AppointmentReminder' as const,
        smsText: '{customerName}: {appointmentTime} tomorrow.',
        emailSubject: 'Tomorrow at {storeName}',
        emailText: 'See you.',
      },
    ];
    expect(renderedTemplate('AppointmentReminder', own, { customerName: 'Dana', appointmentTime: '9:00 AM', storeName: 'Main' })).toEqual({
      smsText: 'Dana: 9:00 AM tomorrow.',
      emailSubject: 'Tomorrow at Main',
      emailText: 'See you.',
    });
    expect(renderedTemplate('FreeForm', own, {})).toBeNull();
  });

  it('refuse empty words, unknown placeholders and a text too long for one message, by field', () => {
    expect(templateProblems({ smsText: 'Hi {firstName}', emailSubject: ' ', emailText: 'x'.repeat(10) }, 1600)).toEqual({
      smsText: [expect.stringMatching(/^\{firstName\} is not a placeholder; use \{customerName\}/)],
      emailSubject: ['Write the words, or restore the default'],
    });
    expect(templateProblems({ smsText: 'x'.repeat(1601), emailSubject: 's', emailText: 'e' }, 1600)).toEqual({
      smsText: ['Keep a text under 1600 characters'],
    });
  });
});
