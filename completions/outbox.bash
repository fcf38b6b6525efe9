_outbox() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="outbox"
                ;;
            outbox,completions)
                cmd="outbox__subcmd__completions"
                ;;
            outbox,delivery)
                cmd="outbox__subcmd__delivery"
                ;;
            outbox,event)
                cmd="outbox__subcmd__event"
                ;;
            outbox,export)
                cmd="outbox__subcmd__export"
                ;;
            outbox,help)
                cmd="outbox__subcmd__help"
                ;;
            outbox,import)
                cmd="outbox__subcmd__import"
                ;;
            outbox,init)
                cmd="outbox__subcmd__init"
                ;;
            outbox,man)
                cmd="outbox__subcmd__man"
                ;;
            outbox,mcp)
                cmd="outbox__subcmd__mcp"
                ;;
            outbox,prune)
                cmd="outbox__subcmd__prune"
                ;;
            outbox,relay)
                cmd="outbox__subcmd__relay"
                ;;
            outbox,schema)
                cmd="outbox__subcmd__schema"
                ;;
            outbox,serve)
                cmd="outbox__subcmd__serve"
                ;;
            outbox,stats)
                cmd="outbox__subcmd__stats"
                ;;
            outbox,sub)
                cmd="outbox__subcmd__sub"
                ;;
            outbox,work)
                cmd="outbox__subcmd__work"
                ;;
            outbox__subcmd__delivery,bulk)
                cmd="outbox__subcmd__delivery__subcmd__bulk"
                ;;
            outbox__subcmd__delivery,cancel)
                cmd="outbox__subcmd__delivery__subcmd__cancel"
                ;;
            outbox__subcmd__delivery,chain)
                cmd="outbox__subcmd__delivery__subcmd__chain"
                ;;
            outbox__subcmd__delivery,claim)
                cmd="outbox__subcmd__delivery__subcmd__claim"
                ;;
            outbox__subcmd__delivery,complete)
                cmd="outbox__subcmd__delivery__subcmd__complete"
                ;;
            outbox__subcmd__delivery,create)
                cmd="outbox__subcmd__delivery__subcmd__create"
                ;;
            outbox__subcmd__delivery,fail)
                cmd="outbox__subcmd__delivery__subcmd__fail"
                ;;
            outbox__subcmd__delivery,get)
                cmd="outbox__subcmd__delivery__subcmd__get"
                ;;
            outbox__subcmd__delivery,help)
                cmd="outbox__subcmd__delivery__subcmd__help"
                ;;
            outbox__subcmd__delivery,list)
                cmd="outbox__subcmd__delivery__subcmd__list"
                ;;
            outbox__subcmd__delivery,ready)
                cmd="outbox__subcmd__delivery__subcmd__ready"
                ;;
            outbox__subcmd__delivery,redrive)
                cmd="outbox__subcmd__delivery__subcmd__redrive"
                ;;
            outbox__subcmd__delivery,release)
                cmd="outbox__subcmd__delivery__subcmd__release"
                ;;
            outbox__subcmd__delivery,renew)
                cmd="outbox__subcmd__delivery__subcmd__renew"
                ;;
            outbox__subcmd__delivery,replay)
                cmd="outbox__subcmd__delivery__subcmd__replay"
                ;;
            outbox__subcmd__delivery,retry)
                cmd="outbox__subcmd__delivery__subcmd__retry"
                ;;
            outbox__subcmd__delivery,sweep)
                cmd="outbox__subcmd__delivery__subcmd__sweep"
                ;;
            outbox__subcmd__delivery__subcmd__help,bulk)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__bulk"
                ;;
            outbox__subcmd__delivery__subcmd__help,cancel)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__cancel"
                ;;
            outbox__subcmd__delivery__subcmd__help,chain)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__chain"
                ;;
            outbox__subcmd__delivery__subcmd__help,claim)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__claim"
                ;;
            outbox__subcmd__delivery__subcmd__help,complete)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__complete"
                ;;
            outbox__subcmd__delivery__subcmd__help,create)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__create"
                ;;
            outbox__subcmd__delivery__subcmd__help,fail)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__fail"
                ;;
            outbox__subcmd__delivery__subcmd__help,get)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__get"
                ;;
            outbox__subcmd__delivery__subcmd__help,help)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__help"
                ;;
            outbox__subcmd__delivery__subcmd__help,list)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__list"
                ;;
            outbox__subcmd__delivery__subcmd__help,ready)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__ready"
                ;;
            outbox__subcmd__delivery__subcmd__help,redrive)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__redrive"
                ;;
            outbox__subcmd__delivery__subcmd__help,release)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__release"
                ;;
            outbox__subcmd__delivery__subcmd__help,renew)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__renew"
                ;;
            outbox__subcmd__delivery__subcmd__help,replay)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__replay"
                ;;
            outbox__subcmd__delivery__subcmd__help,retry)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__retry"
                ;;
            outbox__subcmd__delivery__subcmd__help,sweep)
                cmd="outbox__subcmd__delivery__subcmd__help__subcmd__sweep"
                ;;
            outbox__subcmd__event,ack)
                cmd="outbox__subcmd__event__subcmd__ack"
                ;;
            outbox__subcmd__event,get)
                cmd="outbox__subcmd__event__subcmd__get"
                ;;
            outbox__subcmd__event,help)
                cmd="outbox__subcmd__event__subcmd__help"
                ;;
            outbox__subcmd__event,list)
                cmd="outbox__subcmd__event__subcmd__list"
                ;;
            outbox__subcmd__event,record)
                cmd="outbox__subcmd__event__subcmd__record"
                ;;
            outbox__subcmd__event__subcmd__help,ack)
                cmd="outbox__subcmd__event__subcmd__help__subcmd__ack"
                ;;
            outbox__subcmd__event__subcmd__help,get)
                cmd="outbox__subcmd__event__subcmd__help__subcmd__get"
                ;;
            outbox__subcmd__event__subcmd__help,help)
                cmd="outbox__subcmd__event__subcmd__help__subcmd__help"
                ;;
            outbox__subcmd__event__subcmd__help,list)
                cmd="outbox__subcmd__event__subcmd__help__subcmd__list"
                ;;
            outbox__subcmd__event__subcmd__help,record)
                cmd="outbox__subcmd__event__subcmd__help__subcmd__record"
                ;;
            outbox__subcmd__help,completions)
                cmd="outbox__subcmd__help__subcmd__completions"
                ;;
            outbox__subcmd__help,delivery)
                cmd="outbox__subcmd__help__subcmd__delivery"
                ;;
            outbox__subcmd__help,event)
                cmd="outbox__subcmd__help__subcmd__event"
                ;;
            outbox__subcmd__help,export)
                cmd="outbox__subcmd__help__subcmd__export"
                ;;
            outbox__subcmd__help,help)
                cmd="outbox__subcmd__help__subcmd__help"
                ;;
            outbox__subcmd__help,import)
                cmd="outbox__subcmd__help__subcmd__import"
                ;;
            outbox__subcmd__help,init)
                cmd="outbox__subcmd__help__subcmd__init"
                ;;
            outbox__subcmd__help,man)
                cmd="outbox__subcmd__help__subcmd__man"
                ;;
            outbox__subcmd__help,mcp)
                cmd="outbox__subcmd__help__subcmd__mcp"
                ;;
            outbox__subcmd__help,prune)
                cmd="outbox__subcmd__help__subcmd__prune"
                ;;
            outbox__subcmd__help,relay)
                cmd="outbox__subcmd__help__subcmd__relay"
                ;;
            outbox__subcmd__help,schema)
                cmd="outbox__subcmd__help__subcmd__schema"
                ;;
            outbox__subcmd__help,serve)
                cmd="outbox__subcmd__help__subcmd__serve"
                ;;
            outbox__subcmd__help,stats)
                cmd="outbox__subcmd__help__subcmd__stats"
                ;;
            outbox__subcmd__help,sub)
                cmd="outbox__subcmd__help__subcmd__sub"
                ;;
            outbox__subcmd__help,work)
                cmd="outbox__subcmd__help__subcmd__work"
                ;;
            outbox__subcmd__help__subcmd__delivery,bulk)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__bulk"
                ;;
            outbox__subcmd__help__subcmd__delivery,cancel)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__cancel"
                ;;
            outbox__subcmd__help__subcmd__delivery,chain)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__chain"
                ;;
            outbox__subcmd__help__subcmd__delivery,claim)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__claim"
                ;;
            outbox__subcmd__help__subcmd__delivery,complete)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__complete"
                ;;
            outbox__subcmd__help__subcmd__delivery,create)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__create"
                ;;
            outbox__subcmd__help__subcmd__delivery,fail)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__fail"
                ;;
            outbox__subcmd__help__subcmd__delivery,get)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__get"
                ;;
            outbox__subcmd__help__subcmd__delivery,list)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__list"
                ;;
            outbox__subcmd__help__subcmd__delivery,ready)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__ready"
                ;;
            outbox__subcmd__help__subcmd__delivery,redrive)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__redrive"
                ;;
            outbox__subcmd__help__subcmd__delivery,release)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__release"
                ;;
            outbox__subcmd__help__subcmd__delivery,renew)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__renew"
                ;;
            outbox__subcmd__help__subcmd__delivery,replay)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__replay"
                ;;
            outbox__subcmd__help__subcmd__delivery,retry)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__retry"
                ;;
            outbox__subcmd__help__subcmd__delivery,sweep)
                cmd="outbox__subcmd__help__subcmd__delivery__subcmd__sweep"
                ;;
            outbox__subcmd__help__subcmd__event,ack)
                cmd="outbox__subcmd__help__subcmd__event__subcmd__ack"
                ;;
            outbox__subcmd__help__subcmd__event,get)
                cmd="outbox__subcmd__help__subcmd__event__subcmd__get"
                ;;
            outbox__subcmd__help__subcmd__event,list)
                cmd="outbox__subcmd__help__subcmd__event__subcmd__list"
                ;;
            outbox__subcmd__help__subcmd__event,record)
                cmd="outbox__subcmd__help__subcmd__event__subcmd__record"
                ;;
            outbox__subcmd__help__subcmd__relay,init)
                cmd="outbox__subcmd__help__subcmd__relay__subcmd__init"
                ;;
            outbox__subcmd__help__subcmd__relay,rejected)
                cmd="outbox__subcmd__help__subcmd__relay__subcmd__rejected"
                ;;
            outbox__subcmd__help__subcmd__relay,run)
                cmd="outbox__subcmd__help__subcmd__relay__subcmd__run"
                ;;
            outbox__subcmd__help__subcmd__relay,schema)
                cmd="outbox__subcmd__help__subcmd__relay__subcmd__schema"
                ;;
            outbox__subcmd__help__subcmd__relay,status)
                cmd="outbox__subcmd__help__subcmd__relay__subcmd__status"
                ;;
            outbox__subcmd__help__subcmd__relay__subcmd__rejected,drop)
                cmd="outbox__subcmd__help__subcmd__relay__subcmd__rejected__subcmd__drop"
                ;;
            outbox__subcmd__help__subcmd__relay__subcmd__rejected,list)
                cmd="outbox__subcmd__help__subcmd__relay__subcmd__rejected__subcmd__list"
                ;;
            outbox__subcmd__help__subcmd__relay__subcmd__rejected,retry)
                cmd="outbox__subcmd__help__subcmd__relay__subcmd__rejected__subcmd__retry"
                ;;
            outbox__subcmd__help__subcmd__schema,events)
                cmd="outbox__subcmd__help__subcmd__schema__subcmd__events"
                ;;
            outbox__subcmd__help__subcmd__sub,backfill)
                cmd="outbox__subcmd__help__subcmd__sub__subcmd__backfill"
                ;;
            outbox__subcmd__help__subcmd__sub,create)
                cmd="outbox__subcmd__help__subcmd__sub__subcmd__create"
                ;;
            outbox__subcmd__help__subcmd__sub,delete)
                cmd="outbox__subcmd__help__subcmd__sub__subcmd__delete"
                ;;
            outbox__subcmd__help__subcmd__sub,get)
                cmd="outbox__subcmd__help__subcmd__sub__subcmd__get"
                ;;
            outbox__subcmd__help__subcmd__sub,health)
                cmd="outbox__subcmd__help__subcmd__sub__subcmd__health"
                ;;
            outbox__subcmd__help__subcmd__sub,list)
                cmd="outbox__subcmd__help__subcmd__sub__subcmd__list"
                ;;
            outbox__subcmd__help__subcmd__sub,match)
                cmd="outbox__subcmd__help__subcmd__sub__subcmd__match"
                ;;
            outbox__subcmd__help__subcmd__sub,pause)
                cmd="outbox__subcmd__help__subcmd__sub__subcmd__pause"
                ;;
            outbox__subcmd__help__subcmd__sub,resume)
                cmd="outbox__subcmd__help__subcmd__sub__subcmd__resume"
                ;;
            outbox__subcmd__help__subcmd__sub,secret)
                cmd="outbox__subcmd__help__subcmd__sub__subcmd__secret"
                ;;
            outbox__subcmd__help__subcmd__sub,test)
                cmd="outbox__subcmd__help__subcmd__sub__subcmd__test"
                ;;
            outbox__subcmd__help__subcmd__sub,update)
                cmd="outbox__subcmd__help__subcmd__sub__subcmd__update"
                ;;
            outbox__subcmd__relay,help)
                cmd="outbox__subcmd__relay__subcmd__help"
                ;;
            outbox__subcmd__relay,init)
                cmd="outbox__subcmd__relay__subcmd__init"
                ;;
            outbox__subcmd__relay,rejected)
                cmd="outbox__subcmd__relay__subcmd__rejected"
                ;;
            outbox__subcmd__relay,run)
                cmd="outbox__subcmd__relay__subcmd__run"
                ;;
            outbox__subcmd__relay,schema)
                cmd="outbox__subcmd__relay__subcmd__schema"
                ;;
            outbox__subcmd__relay,status)
                cmd="outbox__subcmd__relay__subcmd__status"
                ;;
            outbox__subcmd__relay__subcmd__help,help)
                cmd="outbox__subcmd__relay__subcmd__help__subcmd__help"
                ;;
            outbox__subcmd__relay__subcmd__help,init)
                cmd="outbox__subcmd__relay__subcmd__help__subcmd__init"
                ;;
            outbox__subcmd__relay__subcmd__help,rejected)
                cmd="outbox__subcmd__relay__subcmd__help__subcmd__rejected"
                ;;
            outbox__subcmd__relay__subcmd__help,run)
                cmd="outbox__subcmd__relay__subcmd__help__subcmd__run"
                ;;
            outbox__subcmd__relay__subcmd__help,schema)
                cmd="outbox__subcmd__relay__subcmd__help__subcmd__schema"
                ;;
            outbox__subcmd__relay__subcmd__help,status)
                cmd="outbox__subcmd__relay__subcmd__help__subcmd__status"
                ;;
            outbox__subcmd__relay__subcmd__help__subcmd__rejected,drop)
                cmd="outbox__subcmd__relay__subcmd__help__subcmd__rejected__subcmd__drop"
                ;;
            outbox__subcmd__relay__subcmd__help__subcmd__rejected,list)
                cmd="outbox__subcmd__relay__subcmd__help__subcmd__rejected__subcmd__list"
                ;;
            outbox__subcmd__relay__subcmd__help__subcmd__rejected,retry)
                cmd="outbox__subcmd__relay__subcmd__help__subcmd__rejected__subcmd__retry"
                ;;
            outbox__subcmd__relay__subcmd__rejected,drop)
                cmd="outbox__subcmd__relay__subcmd__rejected__subcmd__drop"
                ;;
            outbox__subcmd__relay__subcmd__rejected,help)
                cmd="outbox__subcmd__relay__subcmd__rejected__subcmd__help"
                ;;
            outbox__subcmd__relay__subcmd__rejected,list)
                cmd="outbox__subcmd__relay__subcmd__rejected__subcmd__list"
                ;;
            outbox__subcmd__relay__subcmd__rejected,retry)
                cmd="outbox__subcmd__relay__subcmd__rejected__subcmd__retry"
                ;;
            outbox__subcmd__relay__subcmd__rejected__subcmd__help,drop)
                cmd="outbox__subcmd__relay__subcmd__rejected__subcmd__help__subcmd__drop"
                ;;
            outbox__subcmd__relay__subcmd__rejected__subcmd__help,help)
                cmd="outbox__subcmd__relay__subcmd__rejected__subcmd__help__subcmd__help"
                ;;
            outbox__subcmd__relay__subcmd__rejected__subcmd__help,list)
                cmd="outbox__subcmd__relay__subcmd__rejected__subcmd__help__subcmd__list"
                ;;
            outbox__subcmd__relay__subcmd__rejected__subcmd__help,retry)
                cmd="outbox__subcmd__relay__subcmd__rejected__subcmd__help__subcmd__retry"
                ;;
            outbox__subcmd__schema,events)
                cmd="outbox__subcmd__schema__subcmd__events"
                ;;
            outbox__subcmd__schema,help)
                cmd="outbox__subcmd__schema__subcmd__help"
                ;;
            outbox__subcmd__schema__subcmd__help,events)
                cmd="outbox__subcmd__schema__subcmd__help__subcmd__events"
                ;;
            outbox__subcmd__schema__subcmd__help,help)
                cmd="outbox__subcmd__schema__subcmd__help__subcmd__help"
                ;;
            outbox__subcmd__sub,backfill)
                cmd="outbox__subcmd__sub__subcmd__backfill"
                ;;
            outbox__subcmd__sub,create)
                cmd="outbox__subcmd__sub__subcmd__create"
                ;;
            outbox__subcmd__sub,delete)
                cmd="outbox__subcmd__sub__subcmd__delete"
                ;;
            outbox__subcmd__sub,get)
                cmd="outbox__subcmd__sub__subcmd__get"
                ;;
            outbox__subcmd__sub,health)
                cmd="outbox__subcmd__sub__subcmd__health"
                ;;
            outbox__subcmd__sub,help)
                cmd="outbox__subcmd__sub__subcmd__help"
                ;;
            outbox__subcmd__sub,list)
                cmd="outbox__subcmd__sub__subcmd__list"
                ;;
            outbox__subcmd__sub,match)
                cmd="outbox__subcmd__sub__subcmd__match"
                ;;
            outbox__subcmd__sub,pause)
                cmd="outbox__subcmd__sub__subcmd__pause"
                ;;
            outbox__subcmd__sub,resume)
                cmd="outbox__subcmd__sub__subcmd__resume"
                ;;
            outbox__subcmd__sub,secret)
                cmd="outbox__subcmd__sub__subcmd__secret"
                ;;
            outbox__subcmd__sub,test)
                cmd="outbox__subcmd__sub__subcmd__test"
                ;;
            outbox__subcmd__sub,update)
                cmd="outbox__subcmd__sub__subcmd__update"
                ;;
            outbox__subcmd__sub__subcmd__help,backfill)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__backfill"
                ;;
            outbox__subcmd__sub__subcmd__help,create)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__create"
                ;;
            outbox__subcmd__sub__subcmd__help,delete)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__delete"
                ;;
            outbox__subcmd__sub__subcmd__help,get)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__get"
                ;;
            outbox__subcmd__sub__subcmd__help,health)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__health"
                ;;
            outbox__subcmd__sub__subcmd__help,help)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__help"
                ;;
            outbox__subcmd__sub__subcmd__help,list)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__list"
                ;;
            outbox__subcmd__sub__subcmd__help,match)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__match"
                ;;
            outbox__subcmd__sub__subcmd__help,pause)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__pause"
                ;;
            outbox__subcmd__sub__subcmd__help,resume)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__resume"
                ;;
            outbox__subcmd__sub__subcmd__help,secret)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__secret"
                ;;
            outbox__subcmd__sub__subcmd__help,test)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__test"
                ;;
            outbox__subcmd__sub__subcmd__help,update)
                cmd="outbox__subcmd__sub__subcmd__help__subcmd__update"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        outbox)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version init event sub delivery stats prune work relay export import mcp serve completions man schema help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__completions)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version bash elvish fish powershell zsh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__bulk)
            opts="-q -h -V --event --sub --client --transport --status --dead --waiting --type --subject --since --until --all --dry-run --db --json --sync --max-payload --busy-timeout --color --quiet --help --version redrive replay cancel"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --event)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sub)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --transport)
                    COMPREPLY=($(compgen -W "poll webhook a2a mcp nats amqp mqtt redis" -- "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -W "queued claimed delivered failed canceled" -- "${cur}"))
                    return 0
                    ;;
                --type)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --subject)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__cancel)
            opts="-q -h -V --worker --reason --meta --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --worker)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --reason)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --meta)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__chain)
            opts="-q -h -V --limit --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__claim)
            opts="-q -h -V --event --sub --client --transport --worker --lease --batch --with-event --wait --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --event)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sub)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --transport)
                    COMPREPLY=($(compgen -W "poll webhook a2a mcp nats amqp mqtt redis" -- "${cur}"))
                    return 0
                    ;;
                --worker)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lease)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__complete)
            opts="-q -h -V --worker --delivered-at --error --meta --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --worker)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --delivered-at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --meta)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__create)
            opts="-q -h -V --event --sub --client --transport --endpoint --attempt --status --delay --next-attempt-at --meta --id --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --event)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sub)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --transport)
                    COMPREPLY=($(compgen -W "poll webhook a2a mcp nats amqp mqtt redis" -- "${cur}"))
                    return 0
                    ;;
                --endpoint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --attempt)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -W "queued claimed delivered failed canceled" -- "${cur}"))
                    return 0
                    ;;
                --delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --next-attempt-at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --meta)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --id)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__fail)
            opts="-q -h -V --worker --error --no-retry --max-attempts --delay --next-attempt-at --meta --retry-meta --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --worker)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-attempts)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --next-attempt-at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --meta)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retry-meta)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__get)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help)
            opts="create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__bulk)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__cancel)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__chain)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__claim)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__complete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__create)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__fail)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__get)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__ready)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__redrive)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__release)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__renew)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__replay)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__retry)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__help__subcmd__sweep)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__list)
            opts="-q -h -V --event --sub --client --transport --status --dead --waiting --type --subject --since --until --limit --before --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --event)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sub)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --transport)
                    COMPREPLY=($(compgen -W "poll webhook a2a mcp nats amqp mqtt redis" -- "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -W "queued claimed delivered failed canceled" -- "${cur}"))
                    return 0
                    ;;
                --type)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --subject)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --before)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__ready)
            opts="-q -h -V --event --sub --client --transport --limit --before --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --event)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sub)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --transport)
                    COMPREPLY=($(compgen -W "poll webhook a2a mcp nats amqp mqtt redis" -- "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --before)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__redrive)
            opts="-q -h -V --all --client --sub --type --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sub)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --type)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__release)
            opts="-q -h -V --worker --error --delay --next-attempt-at --meta --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --worker)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --next-attempt-at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --meta)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__renew)
            opts="-q -h -V --worker --lease --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --worker)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lease)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__replay)
            opts="-q -h -V --since --until --status --client --sub --type --dry-run --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -W "queued claimed delivered failed canceled" -- "${cur}"))
                    return 0
                    ;;
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sub)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --type)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__retry)
            opts="-q -h -V --client --transport --endpoint --attempt --delay --next-attempt-at --meta --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --transport)
                    COMPREPLY=($(compgen -W "poll webhook a2a mcp nats amqp mqtt redis" -- "${cur}"))
                    return 0
                    ;;
                --endpoint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --attempt)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --next-attempt-at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --meta)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__delivery__subcmd__sweep)
            opts="-q -h -V --event --sub --client --transport --limit --error --as-failure --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --event)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sub)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --transport)
                    COMPREPLY=($(compgen -W "poll webhook a2a mcp nats amqp mqtt redis" -- "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__event)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version record get list ack help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__event__subcmd__ack)
            opts="-q -h -V --ack --ack-at --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --ack)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ack-at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__event__subcmd__get)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__event__subcmd__help)
            opts="record get list ack help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__event__subcmd__help__subcmd__ack)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__event__subcmd__help__subcmd__get)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__event__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__event__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__event__subcmd__help__subcmd__record)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__event__subcmd__list)
            opts="-q -h -V --type --source --target --subject --status --since --until --limit --before --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --type)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --source)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --subject)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -W "queued acked failed canceled" -- "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --before)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__event__subcmd__record)
            opts="-q -h -V --type --subject --source --target --payload --status --id --created-at --batch --allow-reserved --traceparent --tracestate --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --type)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --subject)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --source)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -W "queued acked failed canceled" -- "${cur}"))
                    return 0
                    ;;
                --id)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --created-at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --traceparent)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tracestate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__export)
            opts="-o -q -h -V --output --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help)
            opts="init event sub delivery stats prune work relay export import mcp serve completions man schema help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery)
            opts="create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__bulk)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__cancel)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__chain)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__claim)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__complete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__create)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__fail)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__get)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__ready)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__redrive)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__release)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__renew)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__replay)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__retry)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__delivery__subcmd__sweep)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__event)
            opts="record get list ack"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__event__subcmd__ack)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__event__subcmd__get)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__event__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__event__subcmd__record)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__export)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__import)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__init)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__man)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__mcp)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__prune)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__relay)
            opts="schema init run status rejected"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__relay__subcmd__init)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__relay__subcmd__rejected)
            opts="list retry drop"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__relay__subcmd__rejected__subcmd__drop)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__relay__subcmd__rejected__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__relay__subcmd__rejected__subcmd__retry)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__relay__subcmd__run)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__relay__subcmd__schema)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__relay__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__schema)
            opts="events"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__schema__subcmd__events)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__serve)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__stats)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub)
            opts="create get list update pause test delete resume health match secret backfill"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub__subcmd__backfill)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub__subcmd__create)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub__subcmd__get)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub__subcmd__health)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub__subcmd__match)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub__subcmd__pause)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub__subcmd__resume)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub__subcmd__secret)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub__subcmd__test)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__sub__subcmd__update)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__help__subcmd__work)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__import)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__init)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__man)
            opts="-q -h -V --dir --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__mcp)
            opts="-q -h -V --read-only --http --allow-origin --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --http)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --allow-origin)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__prune)
            opts="-q -h -V --older-than --dry-run --batch-size --keep-dead --vacuum --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --older-than)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version schema init run status rejected help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__help)
            opts="schema init run status rejected help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__help__subcmd__init)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__help__subcmd__rejected)
            opts="list retry drop"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__help__subcmd__rejected__subcmd__drop)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__help__subcmd__rejected__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__help__subcmd__rejected__subcmd__retry)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__help__subcmd__run)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__help__subcmd__schema)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__help__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__init)
            opts="-q -h -V --from --table --create --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --table)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__rejected)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version list retry drop help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__rejected__subcmd__drop)
            opts="-q -h -V --from --table --all --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --table)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__rejected__subcmd__help)
            opts="list retry drop help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__rejected__subcmd__help__subcmd__drop)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__rejected__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__rejected__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__rejected__subcmd__help__subcmd__retry)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__rejected__subcmd__list)
            opts="-q -h -V --from --table --limit --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --table)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__rejected__subcmd__retry)
            opts="-q -h -V --from --table --all --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --table)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__run)
            opts="-q -h -V --from --table --once --drain --batch-size --max-batch-size --poll-max --source --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --table)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-batch-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --source)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__schema)
            opts="-q -h -V --dialect --table --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --dialect)
                    COMPREPLY=($(compgen -W "sqlite postgres" -- "${cur}"))
                    return 0
                    ;;
                --table)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__relay__subcmd__status)
            opts="-q -h -V --from --table --format --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --table)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "prometheus" -- "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__schema)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version events help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__schema__subcmd__events)
            opts="-q -h -V --type --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --type)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__schema__subcmd__help)
            opts="events help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__schema__subcmd__help__subcmd__events)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__schema__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__serve)
            opts="-q -h -V --listen --read-only --base-path --hide-payloads --relay-from --relay-table --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --listen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --base-path)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --relay-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --relay-table)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__stats)
            opts="-q -h -V --event --sub --client --transport --status --recount --format --watch --history --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --event)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sub)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --transport)
                    COMPREPLY=($(compgen -W "poll webhook a2a mcp nats amqp mqtt redis" -- "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -W "queued claimed delivered failed canceled" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "prometheus" -- "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --history)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version create get list update pause test delete resume health match secret backfill help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__backfill)
            opts="-q -h -V --client --since --until --dry-run --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__create)
            opts="-q -h -V --client --types --target --any-target --transport --endpoint --status --filter --meta --retry-schedule --retry-jitter --max-attempts --header --mcp-tool --mcp-arguments --envelope --ordered-by --on-dead --announce-retries --rate --max-in-flight --breaker --breaker-cooldown --breaker-max-cooldown --disable-after --id --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --types)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --transport)
                    COMPREPLY=($(compgen -W "poll webhook a2a mcp nats amqp mqtt redis" -- "${cur}"))
                    return 0
                    ;;
                --endpoint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -W "active paused disabled" -- "${cur}"))
                    return 0
                    ;;
                --filter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --meta)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retry-schedule)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retry-jitter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-attempts)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --header)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-tool)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-arguments)
                    COMPREPLY=($(compgen -W "event payload" -- "${cur}"))
                    return 0
                    ;;
                --envelope)
                    COMPREPLY=($(compgen -W "standard-webhooks cloudevents cloudevents-structured" -- "${cur}"))
                    return 0
                    ;;
                --ordered-by)
                    COMPREPLY=($(compgen -W "subject none" -- "${cur}"))
                    return 0
                    ;;
                --on-dead)
                    COMPREPLY=($(compgen -W "block skip" -- "${cur}"))
                    return 0
                    ;;
                --announce-retries)
                    COMPREPLY=($(compgen -W "true false" -- "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-in-flight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --breaker)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --breaker-cooldown)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --breaker-max-cooldown)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --disable-after)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --id)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__delete)
            opts="-q -h -V --cancel-pending --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__get)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__health)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help)
            opts="create get list update pause test delete resume health match secret backfill help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__backfill)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__create)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__get)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__health)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__match)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__pause)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__resume)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__secret)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__test)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__help__subcmd__update)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__list)
            opts="-q -h -V --client --type --status --transport --limit --before --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --type)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -W "active paused disabled" -- "${cur}"))
                    return 0
                    ;;
                --transport)
                    COMPREPLY=($(compgen -W "poll webhook a2a mcp nats amqp mqtt redis" -- "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --before)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__match)
            opts="-q -h -V --type --source --subject --target --explain --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --type)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --source)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --subject)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__pause)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__resume)
            opts="-q -h -V --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__secret)
            opts="-q -h -V --set --rotate --expire-old --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --set)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__test)
            opts="-q -h -V --type --subject --payload --record --timeout --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --type)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --subject)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__sub__subcmd__update)
            opts="-q -h -V --client --types --target --any-target --transport --endpoint --status --filter --meta --retry-schedule --retry-jitter --max-attempts --header --mcp-tool --mcp-arguments --envelope --ordered-by --on-dead --announce-retries --rate --max-in-flight --breaker --breaker-cooldown --breaker-max-cooldown --disable-after --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --types)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --transport)
                    COMPREPLY=($(compgen -W "poll webhook a2a mcp nats amqp mqtt redis" -- "${cur}"))
                    return 0
                    ;;
                --endpoint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -W "active paused disabled" -- "${cur}"))
                    return 0
                    ;;
                --filter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --meta)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retry-schedule)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retry-jitter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-attempts)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --header)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-tool)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mcp-arguments)
                    COMPREPLY=($(compgen -W "event payload" -- "${cur}"))
                    return 0
                    ;;
                --envelope)
                    COMPREPLY=($(compgen -W "standard-webhooks cloudevents cloudevents-structured" -- "${cur}"))
                    return 0
                    ;;
                --ordered-by)
                    COMPREPLY=($(compgen -W "subject none" -- "${cur}"))
                    return 0
                    ;;
                --on-dead)
                    COMPREPLY=($(compgen -W "block skip" -- "${cur}"))
                    return 0
                    ;;
                --announce-retries)
                    COMPREPLY=($(compgen -W "true false" -- "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-in-flight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --breaker)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --breaker-cooldown)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --breaker-max-cooldown)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --disable-after)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        outbox__subcmd__work)
            opts="-q -h -V --event --sub --client --transport --type --worker --lease --concurrency --timeout --once --drain --poll-max --grace --db --json --sync --max-payload --busy-timeout --color --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --event)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sub)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --client)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --transport)
                    COMPREPLY=($(compgen -W "poll webhook a2a mcp nats amqp mqtt redis" -- "${cur}"))
                    return 0
                    ;;
                --type)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --worker)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lease)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --concurrency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll-max)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --grace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --db)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sync)
                    COMPREPLY=($(compgen -W "full normal" -- "${cur}"))
                    return 0
                    ;;
                --max-payload)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --busy-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _outbox -o nosort -o bashdefault -o default outbox
else
    complete -F _outbox -o bashdefault -o default outbox
fi
