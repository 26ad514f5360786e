/// The messages sign-in and registration shows, in every language (the catalog's completeness test names a
/// missing one).
extension AuthFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "auth.alreadySignedIn": "Already signed in; sign out first.",
      "auth.registrationFromLoginOnly": "Registration opens from the sign-in screen.",
      "auth.busy": "A request is already in flight; wait for it to finish.",
      "auth.notSignedIn": "Nobody is signed in.",
      "auth.registrationClosed": "The registration screen is not open.",
      "auth.wrongCredentials": "Wrong email or password.",
      "auth.emailTaken": "This email is already registered.",
      "email.required": "Enter your email address.",
      "email.invalid": "Enter a valid email address, like name@example.com.",
      "email.tooLong": "An email address can have at most 254 characters.",
      "password.required": "Enter your password.",
      "password.tooShort": "The password needs at least 6 characters.",
      "password.tooLong": "The password can have at most 128 characters.",
      "age.required": "Enter your age.",
      "age.notANumber": "Age must be a whole number.",
      "age.outOfRange": "Age must be between 13 and 120.",
      "auth.rejected": "The server refused the request: “{detail}”",
      "auth.interrupted": "The app stopped before the answer came. Enter your password again, then submit.",
    ],
    .es: [
      "auth.alreadySignedIn": "Ya has iniciado sesión; cierra la sesión primero.",
      "auth.registrationFromLoginOnly": "El registro se abre desde la pantalla de inicio de sesión.",
      "auth.busy": "Ya hay una petición en curso; espera a que termine.",
      "auth.notSignedIn": "No hay ninguna sesión iniciada.",
      "auth.registrationClosed": "La pantalla de registro no está abierta.",
      "auth.wrongCredentials": "Correo o contraseña incorrectos.",
      "auth.emailTaken": "Este correo ya está registrado.",
      "email.required": "Escribe tu correo electrónico.",
      "email.invalid": "Escribe un correo válido, como nombre@ejemplo.com.",
      "email.tooLong": "Un correo puede tener como máximo 254 caracteres.",
      "password.required": "Escribe tu contraseña.",
      "password.tooShort": "La contraseña necesita al menos 6 caracteres.",
      "password.tooLong": "La contraseña puede tener como máximo 128 caracteres.",
      "age.required": "Escribe tu edad.",
      "age.notANumber": "La edad debe ser un número entero.",
      "age.outOfRange": "La edad debe estar entre 13 y 120.",
      "auth.rejected": "El servidor rechazó la petición: «{detail}»",
      "auth.interrupted":
        "La app se detuvo antes de recibir la respuesta. Vuelve a escribir la contraseña y envía de nuevo.",
    ],
  ]
}
