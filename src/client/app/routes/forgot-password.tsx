export default function ForgotPasswordPage() {
  return (
    <main className="page">
      <h1>ForgotPassword</h1>
    </main>
  );
}
