import { GraduationCap } from 'lucide-react';
import { PlaceholderPage } from '../placeholder-page.tsx';

export default function AcademyRoute() {
  return (
    <PlaceholderPage
      title="Academy"
      subtitle="Tutorials from your first epic to advanced load types."
      icon={<GraduationCap size={26} />}
      stateTitle="Lessons are being written"
    >
      Step-by-step lessons on DCA levels, scaling, load types and spreads will appear here.
    </PlaceholderPage>
  );
}
