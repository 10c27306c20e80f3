import { describe, expect, it } from 'vitest';
import { frontCounter, leadTechnicians, platformAdmins } from '../../src/domain/people/roles.ts';
import { forbiddenAdvice } from '../../src/features/forbidden/forbidden-advice.ts';

describe("the forbidden page's words", () => {
  it("never tell a store's Admin to ask their store's Admin: they are pointed to where roles are given", () => {
    for (const refused of [leadTechnicians, undefined]) {
      const advice = forbiddenAdvice(['AllTracAdmin'], refused);
      expect(advice.text).not.toContain("ask your store's Admin");
      expect(advice.text).toContain("As this store's Admin, you give people their roles in Settings, under Users.");
      expect(advice.toUsers).toBe(true);
    }
    expect(forbiddenAdvice(['AllTracAdmin'], leadTechnicians).text).toBe(
      'Your role at this store (Admin) does not include this page. It is for the Lead Technician role. ' +
        "As this store's Admin, you give people their roles in Settings, under Users.",
    );
  });

  it("tell anyone else to ask their store's Admin, naming their role and the page's", () => {
    expect(forbiddenAdvice(['AllTracTechnician'], frontCounter)).toEqual({
      text: "Your role at this store (Technician) does not include this page. It is for the Admin and User roles. If you need it, ask your store's Admin.",
      toUsers: false,
    });
    expect(forbiddenAdvice(['AllTracUser'], undefined).text).toBe(
      "Your role at this store (User) does not include this page. If you need it, ask your store's Admin.",
    );
  });

  it("say a page of the platform's administrators is theirs alone, to an Admin too", () => {
    for (const held of [['AllTracAdmin'], ['AllTracUser']] as const) {
      expect(forbiddenAdvice(held, platformAdmins)).toEqual({
        text: "This page is for AllTrac's platform administrators only. If you need something done there, ask AllTrac support through Help & Support.",
        toUsers: false,
      });
    }
  });
});
