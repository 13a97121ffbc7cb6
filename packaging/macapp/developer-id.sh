#!/usr/bin/env bash
# Developer ID signature and notarization of Tablut.app, in place of the ad hoc
# signature packaging/macapp gives it. Switched off: without MACOS_SIGN_P12 it
# says so and changes nothing. .goreleaser.yaml runs it after the ad hoc
# signing; the secrets it reads are listed there.
#
# Not exercised by CI (no certificate there). It needs rcodesign, the
# apple-codesign project's command (0.29 or later), on PATH: it signs the
# bundle with the hardened runtime and a timestamp (--for-notarization), then,
# with the App Store Connect key, submits it to Apple's notary service, waits,
# and staples the ticket into the bundle (Contents/CodeResources, which the
# archive takes along). Afterwards `go run ./packaging/macapp verify APP`
# still checks every hash (it reports the signature as not ad hoc and does
# not check the certificate).
set -euo pipefail
app=$(cd "$1" && pwd)

if [ -z "${MACOS_SIGN_P12:-}" ]; then
	echo "developer-id: MACOS_SIGN_P12 not set: $1 stays signed ad hoc"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%s' "$MACOS_SIGN_P12" | base64 -d >"$tmp/developer-id.p12"
printf '%s' "${MACOS_SIGN_PASSWORD:-}" >"$tmp/password"
rcodesign sign --p12-file "$tmp/developer-id.p12" --p12-password-file "$tmp/password" --for-notarization "$app"

if [ -z "${MACOS_NOTARY_KEY:-}" ]; then
	echo "developer-id: MACOS_NOTARY_KEY not set: $1 signed, not notarized"
	exit 0
fi
# rcodesign finds the key as private_keys/AuthKey_<ID>.p8 under the working folder.
mkdir "$tmp/private_keys"
printf '%s' "$MACOS_NOTARY_KEY" | base64 -d >"$tmp/private_keys/AuthKey_${MACOS_NOTARY_KEY_ID:?}.p8"
(cd "$tmp" && rcodesign notary-submit --api-issuer "${MACOS_NOTARY_ISSUER_ID:?}" --api-key "$MACOS_NOTARY_KEY_ID" --staple "$app")
