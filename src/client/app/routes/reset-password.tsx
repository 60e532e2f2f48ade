export default function ResetPasswordPage() {
  return (
    <main className="page">
      <h1>ResetPassword</h1>
    </main>
  );
}
