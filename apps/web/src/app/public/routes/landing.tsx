import { PublicLanding } from '../landing.tsx';

/** The landing page as a route module (the account app's `/`); the public site renders it from its entry. */
export default PublicLanding;
