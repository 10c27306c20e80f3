/** Spec section 3: the name shown for a customer or an event: name, else company name, else first plus last name. */
export function displayName(row: { name?: string | null; companyName?: string | null; firstName?: string | null; lastName?: string | null }): string {
  if (row.name) return row.name;
  if (row.companyName) return row.companyName;
  return [row.firstName, row.lastName].filter(Boolean).join(' ');
}

/**
 * The name a message to or from a customer carries (its `name`, shown in the messages list and the thread): the
 * customer's display name, company first as everywhere the store names them, the same whether the device or
 * the server writes the message; null for no customer or one with no name.
 */
export function messageName(customer: { companyName?: string | null; firstName?: string | null; lastName?: string | null } | null | undefined): string | null {
  if (!customer) return null;
  return displayName({ companyName: customer.companyName, firstName: customer.firstName, lastName: customer.lastName }) || null;
}

/** Spec section 3: a vehicle's licence text is its plate state followed by its plate number. */
export function licenceText(vehicle: { vehicleLicensePlateState?: string | null; vehicleLicensePlateNumber?: string | null }): string {
  return [vehicle.vehicleLicensePlateState, vehicle.vehicleLicensePlateNumber].filter(Boolean).join(' ');
}

/** A vehicle as staff name it: 2019 Honda Civic. */
export function vehicleTitle(vehicle: { year?: number | null; make?: string | null; model?: string | null; trim?: string | null }): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(' ') || 'Vehicle';
}
