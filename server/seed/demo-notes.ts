/** What staff and customers of a tire and service shop write, for the demo's notes, comments and texts. */

/** Kept on a customer's record by the front counter. */
export const customerNotes = [
  'Prefers texts during work hours, calls after 5.',
  'Always wants the old tires back.',
  'Hard of hearing, text is best.',
  'Stores winter tires with us, rack 14.',
  'Staggered wheels: do not rotate front to back.',
  'Brings both cars in every spring and fall.',
  'Pays by card over the phone, call when the car is done.',
];

/** Kept on the record of a business that brings its work vehicles in. */
export const businessNotes = [
  'Fleet account: PO number required on every invoice.',
  'Ask for Mike, he manages their vans.',
  'Bill to the company card on file.',
  'Trucks run LT tires, check load range before quoting.',
];

/** Written by the service writer on a visit; technicians read them on their job cards. */
export const staffNotes = [
  'Waiting in lobby, needs car by 3.',
  'Dropping off before work, picking up around 5:30.',
  'Wheel lock key is in the cup holder.',
  'Call before any extra work, customer is on a budget.',
  'Quoted 4 tires installed, $612 out the door.',
  'Shuttle to the office requested.',
  'TPMS light came on this morning, check all four and the spare.',
  'Fleet vehicle, PO 4471 goes on the invoice.',
  'Keys in the drop box.',
  'Declined the alignment last visit, offer it again.',
  'Road hazard warranty on the front pair.',
  'Recheck lug torque after 50 miles.',
];

/** Typed by the customer when booking, or told to the counter at drop-off. */
export const customerComments = [
  'Car pulls to the right at highway speed.',
  'Tire pressure light keeps coming on.',
  'Grinding noise from the front when braking.',
  'Steering wheel shakes above 60 mph.',
  'Please check the spare too.',
  'Need it back by 3pm.',
  'Squeaking when braking.',
  'Slow leak in the rear driver side tire.',
  "I'll wait for it.",
];

/** The notes that go with one service of a visit, by the service's name. */
export const serviceNotes: Record<string, string[]> = {
  'Tire Installation (4)': [
    'Customer supplied tires, check date codes before mounting.',
    'Keep the old tires for the customer.',
    'New TPMS sensors quoted, install only if approved.',
  ],
  'Tire Rotation': ['Rotate and balance; check RF tire slow leak.', 'Directional tires: front to back only.', 'Reset TPMS after rotation.'],
  'Flat Repair': ['Nail in LR tread, patch and plug if not in the shoulder.', 'RF keeps losing air, check the valve stem and bead.'],
  'Seasonal Tire Changeover': ['Winters on, summers to storage rack 12.', 'Summers on; measure tread on the winters before storing.'],
  'Oil Change': ['0W-20 full synthetic, 5 qt.', 'Reset the maintenance light.'],
  'Battery Replacement': ['Slow crank in the mornings, test the charging system too.', 'Warranty claim, receipt in the glovebox.'],
  'Brake Inspection': ['Grinding from the front left when stopping.', 'Measure pads and rotors, quote before any work.'],
  'Brake Pad Replacement': ['Front pads and rotors, quoted $389.', 'Rear pads only, customer declined rotors.'],
  'Wheel Alignment': ['Pulls right since hitting a pothole.', 'Steering wheel off center, print before and after specs.'],
  'Multi-Point Inspection': ['Check wipers and cabin filter too.', 'Road trip next week, check everything.'],
};

/** Left in the comment box of an online appointment request. */
export const requestComments = [
  'Flexible on time, mornings are best.',
  'Can I wait while you do it?',
  'Will drop it off the night before.',
  'Also want a quote for four new tires.',
];

/** Texts, emails and contact forms customers send a store. */
export const customerMessages = [
  'Do you have 225/65R17 all-season tires in stock?',
  'Can I move my appointment to Thursday morning?',
  'What time do you close on Saturday?',
  'Is my car ready yet?',
  'How much for a four-wheel alignment?',
  'I got a flat on the highway, can you fit me in today?',
  'Thanks, see you tomorrow!',
  'Do you install tires bought online?',
  'My tire pressure light came on, can I stop by after work?',
  'Running 15 minutes late for my 10:00, sorry!',
];

/** Why a bay is out of use for a while. */
export const blockedTimeReasons = ['Lift annual safety inspection', 'Balancer calibration'];

/** What customers write with a rating, by how the visit went: four stars and up, three, or fewer. */
export const ratingComments = {
  happy: [
    'Fast and friendly.',
    'Great price on tires.',
    'They explained everything clearly.',
    'Will come back!',
    'Oil change done in 30 minutes, as promised.',
    'Fixed my flat while I waited. Thank you!',
    'Honest about what needed doing and what could wait.',
  ],
  mixed: ['Good work, but it took longer than promised.', 'Fair price. The lobby could be cleaner.', 'Had to call to find out it was ready.'],
  unhappy: [
    'Waited two hours past the time I was given.',
    'Had to come back for a loose lug nut.',
    'Nobody called me when the car was ready.',
    'Charged for an alignment I did not ask for.',
  ],
};
