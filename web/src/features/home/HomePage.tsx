import { useState } from 'react';
import { PublicFrame } from '../../components/PublicFrame';
import { StaffSignInLink } from './StaffSignInLink';
import { TicketForm, type TTicketValues } from './TicketForm';
import { TicketSubmitted } from './TicketSubmitted';

/** The public home (`/`): a visitor submits a ticket without signing in. */
export function HomePage() {
  const [submitted, setSubmitted] = useState<{ ticketId: number; values: TTicketValues } | null>(null);
  // Who the visitor is stays filled in for a next ticket; what it is about does not.
  const [known, setKnown] = useState<Partial<TTicketValues>>({});

  return (
    <PublicFrame>
      <div className="pl-stack" style={{ maxWidth: 640 }}>
        {submitted ? (
          <TicketSubmitted
            ticketId={submitted.ticketId}
            email={submitted.values.email.trim()}
            onAnother={() => {
              setKnown({ email: submitted.values.email, real_name: submitted.values.real_name });
              setSubmitted(null);
            }}
          />
        ) : (
          <TicketForm initialValues={known} onSubmitted={(ticketId, values) => setSubmitted({ ticketId, values })} />
        )}
        <StaffSignInLink />
      </div>
    </PublicFrame>
  );
}
