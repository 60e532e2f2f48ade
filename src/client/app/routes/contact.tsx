import { pages, pageTitle } from "../../../common/routes";
import { ContactForm } from "../../features/contact/components/contact-form";
import { shell, useDocumentTitle } from "../layout/use-document-title";

/** SPEC §2 /contact: the contact form. */
export default function ContactPage() {
  useDocumentTitle(pageTitle(pages.contact, shell().siteName));
  return (
    <main className="page">
      <div className="contact-card">
        <h1>Get in Touch</h1>
        <p className="contact-intro">
          Questions, ideas or just hello: write to us and we will answer by email.
        </p>
        <ContactForm />
      </div>
    </main>
  );
}
